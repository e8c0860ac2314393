/**
 * Failed enrolment claims per address, in a sliding window (docs/api.md §11.1): more than
 * `limit` failures within `windowMs` and every claim from that address is refused until
 * enough of them have left the window. The claims refused meanwhile do not count, so a
 * refusal ends when the window says. Kept in memory, per process.
 */
export class ClaimLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
    /** Addresses remembered at most; then the memory starts again (a flood of addresses cannot grow it). */
    private readonly maxAddresses = 10_000,
  ) {}

  /** Milliseconds until a claim from `address` is heard again; 0 when it may be heard now. */
  wait(address: string, now: number): number {
    const recent = this.recent(address, now);
    if (recent.length <= this.limit) return 0;
    // Heard again once only `limit` failures remain in the window.
    return recent[recent.length - this.limit - 1]! + this.windowMs - now;
  }

  fail(address: string, now: number): void {
    const recent = this.recent(address, now);
    if (!this.failures.has(address) && this.failures.size >= this.maxAddresses) this.failures.clear();
    this.failures.set(address, [...recent, now]);
  }

  private recent(address: string, now: number): number[] {
    const all = this.failures.get(address) ?? [];
    const recent = all.filter((at) => at > now - this.windowMs);
    if (recent.length === 0) this.failures.delete(address);
    else if (recent.length < all.length) this.failures.set(address, recent);
    return recent;
  }
}
