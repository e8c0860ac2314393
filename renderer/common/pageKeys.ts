import { useEffect } from 'react';
import { editable, insertText } from './editing';
import { KeyQueue, keyOf, type QueuedKey } from './keyQueue';

/**
 * The page's one key queue (keyQueue.ts) and how a kept key is handed on: as a keydown on
 * whatever has the focus now, through the page's own listeners (the scanner, the global keys,
 * React's handlers), and, unless one of them took it, what the browser would have done with it
 * (an untrusted event does nothing by itself): Enter or Space presses a button, Enter submits
 * a field's form, a character is typed into a field.
 */

const replayed = new WeakSet<Event>();

function handOn(key: QueuedKey): void {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  const event = new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true });
  replayed.add(event);
  target.dispatchEvent(event);
  if (event.defaultPrevented || !target.isConnected) return;
  const field = editable(target);
  const button = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
  if ((key.key === 'Enter' || key.key === ' ') && button) target.click();
  else if (key.key === 'Enter' && field instanceof HTMLInputElement) field.form?.requestSubmit();
  else if (field && key.key.length === 1 && !key.ctrlKey && !key.altKey && !key.metaKey) insertText(field, key.key);
}

export const keyQueue = new KeyQueue(handOn);

/** Runs a transition (a login, a product being added) with the keys typed meanwhile kept for the screen it leads to. */
export async function heldDuring<T>(work: () => Promise<T>): Promise<T> {
  const release = keyQueue.hold();
  try {
    return await work();
  } finally {
    release();
  }
}

/** A keydown the page may handle now: false for the keys the queue keeps (they come again later). */
export function keepIfHeld(event: KeyboardEvent): boolean {
  if (!keyQueue.offer(keyOf(event))) return false;
  event.preventDefault();
  event.stopImmediatePropagation();
  return true;
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

/** The window-wide listener that keeps keys while the queue is held; mounted before every other key listener. */
export function KeyQueueListener(): null {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (replayed.has(event) || MODIFIERS.has(event.key) || event.isComposing) return;
      keepIfHeld(event);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
  return null;
}
