import { useEffect, useRef } from 'react';
import { editable, insertText, setNativeValue, type Editable } from '../common/editing';
import { DEFAULT_SCANNER_OPTIONS, isModifier, ScanDetector, type ScannerOptions } from './scanner';

/**
 * A window-wide keydown listener (capture phase, so it sees keys before any field does) that
 * routes scanner bursts to `onScan` wherever the focus is, and leaves no scanned character in
 * the focused field: keys after the first are held back, and the first is taken out again once
 * the burst proves to be a scan. Held-back keys of a fast person are put back.
 */

interface Snapshot {
  el: Editable;
  value: string;
  selectionStart: number | null;
}

const snapshotOf = (el: Editable): Snapshot => ({ el, value: el.value, selectionStart: el.selectionStart });

/** Puts a field back as it was. */
function restore({ el, value, selectionStart }: Snapshot): void {
  if (!el.isConnected || el.value === value) return;
  setNativeValue(el, value);
  try {
    if (selectionStart !== null) el.setSelectionRange(selectionStart, selectionStart);
  } catch {
    // Not every field has a caret.
  }
}

export function useScanner(onScan: (value: string) => void, options: Partial<ScannerOptions> = {}): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const maxGapMs = options.maxGapMs ?? DEFAULT_SCANNER_OPTIONS.maxGapMs;
  const minLength = options.minLength ?? DEFAULT_SCANNER_OPTIONS.minLength;

  useEffect(() => {
    const detector = new ScanDetector({ maxGapMs, minLength });
    let snapshot: Snapshot | null = null;
    // Where the held-back keys were typed: not always where the run's first key went (a Space
    // on "Cash" moves the focus into the amount field, and the next digit may follow within the gap).
    let heldIn: Editable | null = null;
    // Where the page's timer gave held keys back while the run was still open, as it was
    // before: a burst that goes on and proves a scan takes them out again (scanner.ts).
    let givenTo: Snapshot | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const giveBack = (text: string) => {
      const el = heldIn;
      heldIn = null;
      if (el && el.isConnected) insertText(el, text);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      // A PIN is never a scan: keys typed into a password field are left alone.
      if (event.target instanceof HTMLInputElement && event.target.type === 'password') return;
      // The key's own time stamp is when it was pressed, not when a busy page got round to it:
      // a person's keys handled late in a bunch are still a person's, and a scanner's burst
      // stays a burst however late it is handled.
      const time = event.timeStamp;
      const verdict = detector.feed(event, time);
      if (verdict.action === 'pass') {
        if (verdict.flush) giveBack(verdict.flush);
        if (!isModifier(event.key)) givenTo = null;
        if (event.key.length === 1) {
          const el = editable(event.target);
          snapshot = el ? snapshotOf(el) : null;
        }
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      clearTimeout(timer);
      if (verdict.action === 'suppress') {
        heldIn = editable(event.target);
        // No key for three gaps after this one: measured on the keys' own clock, that is now.
        timer = setTimeout(() => {
          const held = detector.expire(time + maxGapMs * 3);
          if (!held) return;
          if (!givenTo && heldIn) givenTo = snapshotOf(heldIn);
          giveBack(held);
        }, maxGapMs * 3);
        return;
      }
      // A scan: take the burst's first key (and any keys given back meanwhile) out of the fields.
      if (givenTo && givenTo.el !== snapshot?.el) restore(givenTo);
      if (snapshot) restore(snapshot);
      snapshot = null;
      givenTo = null;
      heldIn = null;
      onScanRef.current(verdict.value);
    };

    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [maxGapMs, minLength]);
}
