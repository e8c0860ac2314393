/**
 * Keys typed during a transition wait for the screen they lead to (docs/counter.md §12): while
 * something holds the queue (a new sale drawing its product search, a product being added, the
 * checkout or the receipt on its way), every keydown is kept, in order, and handed on once the
 * last hold is released, when the focus is where the transition put it. A key handed on may
 * start a transition of its own: the keys after it wait again. A hold never lasts longer than
 * `maxHoldMs`, so a transition that never ends cannot swallow the keyboard.
 */

export interface QueuedKey {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export interface KeyQueueOptions {
  maxHoldMs: number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

const DEFAULTS: KeyQueueOptions = {
  maxHoldMs: 3_000,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export class KeyQueue {
  private readonly holds = new Set<symbol>();
  private readonly keys: QueuedKey[] = [];
  private draining = false;
  private readonly options: KeyQueueOptions;

  constructor(
    private readonly deliver: (key: QueuedKey) => void,
    options: Partial<KeyQueueOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  get holding(): boolean {
    return this.holds.size > 0;
  }

  /** The keys waiting, oldest first. */
  get waiting(): readonly QueuedKey[] {
    return this.keys;
  }

  /** Holds the keys until the answered release is called (once counts; later calls do nothing). */
  hold(): () => void {
    const id = Symbol('hold');
    this.holds.add(id);
    const release = () => {
      if (!this.holds.delete(id)) return;
      this.options.clearTimer(timer);
      this.drain();
    };
    const timer = this.options.setTimer(release, this.options.maxHoldMs);
    return release;
  }

  /**
   * Keeps a key while the queue is held: true, the caller keeps it from the page. A key being
   * handed on that starts a new hold and offers itself again goes back to the front.
   */
  offer(key: QueuedKey): boolean {
    if (!this.holding) return false;
    if (this.draining) this.keys.unshift(key);
    else this.keys.push(key);
    return true;
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (!this.holding && this.keys.length > 0) this.deliver(this.keys.shift()!);
    } finally {
      this.draining = false;
    }
  }
}

export const keyOf = (event: KeyboardEvent): QueuedKey => ({
  key: event.key,
  code: event.code,
  altKey: event.altKey,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  shiftKey: event.shiftKey,
});
