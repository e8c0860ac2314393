/** Typing into a field from code as React sees typing: the value set natively, then an input event. */

export type Editable = HTMLInputElement | HTMLTextAreaElement;

export function editable(target: EventTarget | null): Editable | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement) return target;
  return null;
}

export function setNativeValue(el: Editable, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function insertText(el: Editable, text: string): void {
  try {
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? start;
    el.setRangeText(text, start, end, 'end');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  } catch {
    // Fields without a caret (number, date): append.
    setNativeValue(el, el.value + text);
  }
}
