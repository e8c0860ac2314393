/** A clock the test moves by hand: time stamps are known in advance and differ from real time. */
export interface TestClock {
  (): Date;
  set(iso: string): void;
  advance(ms: number): void;
  iso(): string;
}

export function testClock(startIso: string): TestClock {
  let now = Date.parse(startIso);
  if (Number.isNaN(now)) throw new Error(`not a time: ${startIso}`);
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (iso) => void (now = Date.parse(iso));
  clock.advance = (ms) => void (now += ms);
  clock.iso = () => new Date(now).toISOString();
  return clock;
}

/** Uuid-shaped ids that count up (…-4000-8000-000000000001, …), distinct per prefix. */
export function countingIds(prefix = 'c0c0c0c0'): () => string {
  if (!/^[0-9a-f]{8}$/.test(prefix)) throw new Error('the prefix is 8 hex digits');
  let n = 0;
  return () => `${prefix}-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
}
