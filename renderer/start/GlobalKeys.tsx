import { useEffect } from 'react';
import { editable, insertText } from '../common/editing';
import { keepIfHeld } from '../common/pageKeys';
import { useSale } from '../sale/saleStore';

/**
 * F2 or Alt+N starts a new sale wherever the focus is. Digits 1 to 9 on the sale screen,
 * outside text fields or as the first key in the empty product search (where the new sale
 * puts the focus), pick the quick products. A digit is decided by the key after it: another
 * character makes it the start of a number (or of a scan) and it goes into the field after
 * all; any other key (Enter, F2) makes it a quick key at once, and that key waits in the key
 * queue until the product is on the order (docs/counter.md §12). A lone digit is a quick key
 * after a moment.
 */
export const NEW_SALE_KEYS = 'F2 Alt+N';

export const QUICK_KEY_EVENT = 'counter:quick-key';
const LONE_DIGIT_MS = 120;
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
}

function inEmptySearch(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.id === 'product-search' && target.value === '';
}

const printable = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;

interface PendingDigit {
  index: number;
  key: string;
  target: EventTarget | null;
  timer: ReturnType<typeof setTimeout>;
}

export function GlobalKeys() {
  useEffect(() => {
    let pending: PendingDigit | null = null;
    const take = () => {
      const digit = pending;
      pending = null;
      if (digit) clearTimeout(digit.timer);
      return digit;
    };
    const fire = () => {
      const digit = take();
      if (digit) window.dispatchEvent(new CustomEvent(QUICK_KEY_EVENT, { detail: digit.index }));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (pending && !MODIFIERS.has(event.key)) {
        if (printable(event)) {
          // A number typed on, or a scan (whose keys the scanner holds back): the digit was typed.
          const digit = take()!;
          const field = editable(digit.target);
          if (field?.isConnected) insertText(field, digit.key);
        } else {
          fire();
          if (keepIfHeld(event)) return;
        }
      }
      if (event.defaultPrevented) return;
      const altN = event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN';
      if (event.key === 'F2' || altN) {
        event.preventDefault();
        useSale.getState().newSale();
        return;
      }
      const digit = /^[1-9]$/.test(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey;
      const sale = useSale.getState();
      if (digit && sale.screen === 'sale' && sale.leaving === null && (!inTextField(event.target) || inEmptySearch(event.target))) {
        event.preventDefault();
        pending = { index: Number(event.key) - 1, key: event.key, target: event.target, timer: setTimeout(fire, LONE_DIGIT_MS) };
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      if (pending) clearTimeout(pending.timer);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, []);
  return null;
}
