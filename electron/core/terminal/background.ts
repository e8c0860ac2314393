/**
 * The terminal's work that goes on after a call has answered (asking about an unknown outcome,
 * recording one the closed day refused): tracked so that closing the counter stops the waits
 * and lets the last request finish, never left to write to a closed database.
 */
export class Background {
  private readonly running = new Set<Promise<void>>();
  private readonly pauses = new Set<() => void>();
  private stopped = false;

  get closed(): boolean {
    return this.stopped;
  }

  track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => console.error(`terminal: ${(error as Error).message}`))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Waits `ms`, or less when the counter closes. */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.pauses.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.pauses.add(wake);
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const wake of this.pauses) wake();
    await Promise.all(this.running);
  }
}
