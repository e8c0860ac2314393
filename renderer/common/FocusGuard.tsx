import { useEffect } from 'react';
import { focusPending } from '../sale/saleStore';

/**
 * The focus is never left on the page's body (docs/counter.md §12.3). A transition that names
 * where the focus goes uses `focusSoon`; when the control that had the focus goes with a
 * transition that names nothing (a screen changed, a dialog closed, a sale cancelled), or the
 * page has just been drawn, the screen's landing control takes it: the one with the lowest
 * `data-landing` rank that can take the focus (1: what to do next, 2: where to start typing),
 * else the first control of an open dialog or of `main`. A control disabled while its work runs
 * gets the focus back when enabled; a press on the page's empty space (the control that had the
 * focus still there and drawn) is left alone. While a `focusSoon` still looks for its control the
 * guard waits for it, and looks again once it has found it or given up.
 */

const CONTROLS = 'button,input,select,textarea';

// checkVisibility: drawn (not display:none nor in a closed part); jsdom has none, there all is drawn.
const usable = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement && !(el as HTMLButtonElement).disabled && (el.checkVisibility?.() ?? true);

/** The control a screen's focus lands on when nothing else was named. */
export function landingOf(doc: Document): HTMLElement | null {
  const dialogs = [...doc.querySelectorAll('dialog[open]')];
  const scope: ParentNode = dialogs.at(-1) ?? doc;
  const ranked = [...scope.querySelectorAll('[data-landing]')]
    .filter(usable)
    .sort((a, b) => Number(a.dataset.landing) - Number(b.dataset.landing));
  if (ranked[0]) return ranked[0];
  const within = dialogs.at(-1) ?? doc.querySelector('main') ?? doc.body;
  return [...within.querySelectorAll(CONTROLS)].find(usable) ?? null;
}

export function FocusGuard(): null {
  useEffect(() => {
    let last: Element | null = null;
    let queued = false;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target as Element;
    };
    // A control that lost the focus by being disabled while its work runs (a language being saved).
    let waiting: Element | null = null;
    const check = () => {
      queued = false;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      // A focusSoon still looking: looked at again once it has found its element or given up (at most 30 frames).
      if (focusPending()) return void setTimeout(check, 16);
      if (last?.isConnected && (usable(last) || waiting === last)) {
        // It gets the focus back once enabled again; a press on empty space is left alone.
        if (waiting === last && !(last as HTMLButtonElement).disabled) (last as HTMLElement).focus();
        return;
      }
      landingOf(document)?.focus();
    };
    // After each change of the page, once React has drawn it all.
    const observer = new MutationObserver((records) => {
      // Disabled, and perhaps enabled again, since the last look: the records keep the order.
      if (records.some((r) => r.target === last && r.attributeName === 'disabled' && r.oldValue === null)) waiting = last;
      if (queued) return;
      queued = true;
      setTimeout(check, 0);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['disabled'],
    });
    check();
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
  return null;
}
