/**
 * Tells a barcode scanner from a person: a scanner "types" its code as a burst of keystrokes
 * a few milliseconds apart, ending in Enter. The detector is fed every keydown with its time
 * and says what to do with it:
 * - `pass`: let the key do what it does (a person typing, or the first key of what may be a burst);
 * - `suppress`: keep the key from the focused field (it came too fast after the previous one);
 * - `scan`: the burst ended in Enter and is long enough: `value` is what was scanned.
 * When a fast run ends without Enter (a quick person), `flush` holds the keys that were kept
 * back, to be put into the field after all.
 *
 * Time is the keys' own (their time stamps), never when the page got round to them: a busy
 * machine that hands a burst over slowly still hands over a burst. The page's timer that gives
 * held keys back (`expire`) does not end the run, so a key that follows within the gap by its
 * stamp carries the burst on, and a scan then takes back what was given.
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
/** A key a burst may hold without breaking (scanners type capitals with Shift). */
export const isModifier = (key: string): boolean => MODIFIERS.has(key);

export class ScanDetector {
  private buffer = '';
  /** How many of the held keys `expire` has given back already. */
  private given = 0;
  private last = -Infinity;

  constructor(private readonly options: ScannerOptions = DEFAULT_SCANNER_OPTIONS) {}

  /** The keys held back and not given back yet (after the burst's first key). */
  get held(): string {
    return this.buffer.slice(1 + this.given);
  }

  feed(event: KeyInfo, time: number): ScanVerdict {
    if (isModifier(event.key)) return { action: 'pass' };
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
      this.reset();
      return { action: 'scan', value };
    }

    const flush = this.reset();
    return flush ? { action: 'pass', flush } : { action: 'pass' };
  }

  /**
   * Called when no key came for a while (by the page's timer): the keys held so far go to the
   * field, as a quick person's would. The run stays open: only the next key's own time stamp
   * says whether the burst went on (a scan takes the given keys back) or a new run begins.
   */
  expire(time: number): string | null {
    if (this.buffer.length === 0 || time - this.last <= this.options.maxGapMs) return null;
    const held = this.held;
    this.given += held.length;
    return held.length > 0 ? held : null;
  }

  /** Forgets the run; answers the held-back keys not given back yet, if any, for the field. */
  private reset(): string | null {
    const held = this.held;
    this.buffer = '';
    this.given = 0;
    this.last = -Infinity;
    return held.length > 0 ? held : null;
  }
}
