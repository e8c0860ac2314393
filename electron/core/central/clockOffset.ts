import { CLOCK_OFF_MS } from '../../../shared/clock';

/**
 * How far the counter's clock is from the central's (docs/api.md §11.4), measured from the
 * `Date` header of the central's answers: counter − central, positive when the counter is
 * ahead. The header holds whole seconds, so the central's time at its answer is taken as the
 * middle of that second, and the counter's as the middle of the request's round trip: the
 * measure is good to about half a second plus half the round trip, far inside the 2 minutes
 * that count.
 */
export class ClockOffset {
  private offset: number | null = null;
  private changes = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => Date) {}

  /** The counter's clock, on which `observe`'s times are read. */
  localNow(): number {
    return this.now().getTime();
  }

  /** One answer of the central: its Date header, and when the request left and its answer came (the counter's clock). */
  observe(dateHeader: string | undefined, sentAt: number, receivedAt: number): void {
    const central = dateHeader ? Date.parse(dateHeader) : NaN;
    if (Number.isNaN(central)) return;
    const measured = Math.round((sentAt + receivedAt) / 2 - (central + 500));
    const before = this.offset;
    this.offset = measured;
    // Listeners hear of a first measure and of a change across the line only, not of every answer.
    if (before === null || isOff(before) !== isOff(measured) || Math.abs(before - measured) >= CLOCK_OFF_MS) {
      this.changes++;
      this.listeners.forEach((listener) => listener());
    }
  }

  /** Null until the central has answered once. */
  get ms(): number | null {
    return this.offset;
  }

  /** Counts the measures that changed what the offset means (the first, a step across the 2 minutes, a jump). */
  get version(): number {
    return this.changes;
  }

  /** More than 2 minutes off: the screen says so (docs/api.md §11.4). */
  get off(): boolean {
    return this.offset !== null && isOff(this.offset);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A time of this counter's clock as the central's clock had it (a sale's `createdOn` as
   * sent). Within 2 minutes it is sent as it is: the measure's own error is of seconds and the
   * central takes 5 minutes of difference. A time more than 2 minutes after the central's now
   * (a sale made before the counter's clock was set back) is sent as the central's now.
   */
  centralTime(iso: string): string {
    if (this.offset === null) return iso;
    const at = Date.parse(iso);
    const centralNow = this.localNow() - this.offset;
    const corrected = this.off ? at - this.offset : at;
    const sent = corrected > centralNow + CLOCK_OFF_MS ? centralNow : corrected;
    return sent === at ? iso : new Date(sent).toISOString();
  }
}

const isOff = (offset: number) => Math.abs(offset) > CLOCK_OFF_MS;
