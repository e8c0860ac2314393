import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KeyQueue, type QueuedKey } from './keyQueue';

const key = (k: string): QueuedKey => ({ key: k, code: '', altKey: false, ctrlKey: false, metaKey: false, shiftKey: false });

/** Timers by hand: `fire()` runs the ones still set. */
function manualTimers() {
  const timers = new Map<number, () => void>();
  let next = 0;
  return {
    setTimer: (run: () => void) => {
      timers.set(++next, run);
      return next;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    fire: () => [...timers.values()].forEach((run) => run()),
    get count() {
      return timers.size;
    },
  };
}

describe('the key queue', () => {
  it('lets keys through while nothing holds it', () => {
    const got: string[] = [];
    const queue = new KeyQueue((k) => got.push(k.key));
    expect(queue.offer(key('8'))).toBe(false);
    expect(got).toEqual([]);
  });

  it('keeps the keys of a transition and hands them on in order when it ends', () => {
    const got: string[] = [];
    const queue = new KeyQueue((k) => got.push(k.key), manualTimers());
    const release = queue.hold();
    for (const k of ['8', 'Enter', 'Enter']) expect(queue.offer(key(k))).toBe(true);
    expect(got).toEqual([]);
    release();
    expect(got).toEqual(['8', 'Enter', 'Enter']);
    expect(queue.waiting).toEqual([]);
  });

  it('waits for the last of several holds, and a second release changes nothing', () => {
    const got: string[] = [];
    const queue = new KeyQueue((k) => got.push(k.key), manualTimers());
    const first = queue.hold();
    const second = queue.hold();
    queue.offer(key('F2'));
    first();
    first();
    expect(got).toEqual([]);
    second();
    expect(got).toEqual(['F2']);
  });

  it('stops handing on when a key starts a transition of its own, and puts that key back first when it offers itself again', () => {
    const got: string[] = [];
    let release: (() => void) | null = null;
    const queue = new KeyQueue((k) => {
      // F2 leads to a new screen; Enter arriving while the quick key is being added waits for it.
      if (k.key === '8' && release === null) {
        release = queue.hold();
        expect(queue.offer(k)).toBe(true);
        return;
      }
      got.push(k.key);
    }, manualTimers());
    const first = queue.hold();
    ['8', 'Enter', 'Enter'].forEach((k) => queue.offer(key(k)));
    first();
    expect(got).toEqual([]);
    expect(queue.waiting.map((k) => k.key)).toEqual(['8', 'Enter', 'Enter']);
    release!();
    expect(got).toEqual(['8', 'Enter', 'Enter']);
  });

  it('never holds longer than its limit', () => {
    const timers = manualTimers();
    const got: string[] = [];
    const queue = new KeyQueue((k) => got.push(k.key), { ...timers, maxHoldMs: 3000 });
    queue.hold();
    queue.offer(key('a'));
    expect(timers.count).toBe(1);
    timers.fire();
    expect(got).toEqual(['a']);
    expect(queue.holding).toBe(false);
  });

  it('hands on every key exactly once and in the order typed, however holds and releases interleave', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('hold'), fc.constant('release'), fc.constantFrom('1', 'Enter', 'F2')), { maxLength: 40 }),
        (steps) => {
          const got: string[] = [];
          const typed: string[] = [];
          const queue = new KeyQueue((k) => got.push(k.key), manualTimers());
          const releases: (() => void)[] = [];
          for (const step of steps) {
            if (step === 'hold') releases.push(queue.hold());
            else if (step === 'release') releases.shift()?.();
            else {
              typed.push(step);
              if (!queue.offer(key(step))) got.push(step);
            }
          }
          releases.forEach((release) => release());
          expect(got).toEqual(typed);
        },
      ),
    );
  });
});
