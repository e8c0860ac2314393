import { useEffect } from 'react';
import { useSale } from '../sale/saleStore';

/**
 * F2 or Alt+N starts a new sale wherever the focus is. Digits 1 to 9 on the sale screen,
 * outside text fields or as the first key in the empty product search (where the new sale
 * puts the focus), pick the quick products; they wait a moment, so that the first digit of a
 * scanner burst (or of a number typed on) is not taken for a quick key.
 */
export const NEW_SALE_KEYS = 'F2 Alt+N';

export const QUICK_KEY_EVENT = 'counter:quick-key';

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
}

function inEmptySearch(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.id === 'product-search' && target.value === '';
}

export function GlobalKeys() {
  useEffect(() => {
    let pendingQuick: ReturnType<typeof setTimeout> | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      clearTimeout(pendingQuick);
      if (event.defaultPrevented) return;
      const altN = event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN';
      if (event.key === 'F2' || altN) {
        event.preventDefault();
        useSale.getState().newSale();
        return;
      }
      const digit = /^[1-9]$/.test(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey;
      if (digit && useSale.getState().screen === 'sale' && (!inTextField(event.target) || inEmptySearch(event.target))) {
        const index = Number(event.key) - 1;
        pendingQuick = setTimeout(() => {
          window.dispatchEvent(new CustomEvent(QUICK_KEY_EVENT, { detail: index }));
        }, 120);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      clearTimeout(pendingQuick);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, []);
  return null;
}
