/**
 * Tells a barcode scanner from a person: a scanner "types" its code as a burst of keystrokes
 * a few milliseconds apart, ending in Enter. The detector is fed every keydown with its time
 * and says what to do with it:
 * - `pass`: let the key do what it does (a person typing, or the first key of what may be a burst);
 * - `suppress`: keep the key from the focused field (it came too fast after the previous one);
 * - `scan`: the burst ended in Enter and is long enough: `value` is what was scanned.
 * When a fast run ends without Enter (a quick person), `flush` holds the keys that were kept
 * back, to be put into the field after all.
 */

export interface ScannerOptions {
  /** The longest pause between two keys of one burst. */
  maxGapMs: number;
  /** The shortest code a scan may carry. */
  minLength: number;
}

export const DEFAULT_SCANNER_OPTIONS: ScannerOptions = { maxGapMs: 40, minLength: 6 };

export type ScanVerdict = { action: 'pass'; flush?: string } | { action: 'suppress' } | { action: 'scan'; value: string };

export interface KeyInfo {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

const MODIFIERS = new Set(['Shift', 'CapsLock', 'AltGraph']);

export class ScanDetector {
  private buffer = '';
  private last = -Infinity;

  constructor(private readonly options: ScannerOptions = DEFAULT_SCANNER_OPTIONS) {}

  /** The keys held back so far (everything after the burst's first key). */
  get held(): string {
    return this.buffer.slice(1);
  }

  feed(event: KeyInfo, time: number): ScanVerdict {
    if (MODIFIERS.has(event.key)) return { action: 'pass' };
    const fast = time - this.last <= this.options.maxGapMs;
    const printable = event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;

    if (printable) {
      if (fast && this.buffer.length > 0) {
        this.buffer += event.key;
        this.last = time;
        return { action: 'suppress' };
      }
      const flush = this.reset();
      this.buffer = event.key;
      this.last = time;
      return flush ? { action: 'pass', flush } : { action: 'pass' };
    }

    if (event.key === 'Enter' && fast && this.buffer.length >= this.options.minLength) {
      const value = this.buffer;
      this.buffer = '';
      this.last = -Infinity;
      return { action: 'scan', value };
    }

    const flush = this.reset();
    return flush ? { action: 'pass', flush } : { action: 'pass' };
  }

  /** Called when no key came for a while: a fast run that never ended in Enter was a person. */
  expire(time: number): string | null {
    if (this.buffer.length === 0 || time - this.last <= this.options.maxGapMs) return null;
    return this.reset();
  }

  /** Forgets the run; answers the held-back keys, if any, to be given back to the field. */
  private reset(): string | null {
    const held = this.held;
    this.buffer = '';
    this.last = -Infinity;
    return held.length > 0 ? held : null;
  }
}
