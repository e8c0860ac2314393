import { useEffect, useRef } from 'react';
import { editable, insertText, setNativeValue, type Editable } from '../common/editing';
import { DEFAULT_SCANNER_OPTIONS, ScanDetector, type ScannerOptions } from './scanner';

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
        if (event.key.length === 1) {
          const el = editable(event.target);
          snapshot = el ? { el, value: el.value, selectionStart: el.selectionStart } : null;
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
          if (held) giveBack(held);
        }, maxGapMs * 3);
        return;
      }
      // A scan: take the burst's first key out of the field it landed in.
      if (snapshot && snapshot.el.isConnected && snapshot.el.value !== snapshot.value) {
        const { el, value, selectionStart } = snapshot;
        setNativeValue(el, value);
        try {
          if (selectionStart !== null) el.setSelectionRange(selectionStart, selectionStart);
        } catch {
          // Not every field has a caret.
        }
      }
      snapshot = null;
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
