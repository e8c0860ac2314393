import { afterEach, beforeEach } from 'vitest';
import type { IpcOutputs, IpcResult } from '../../../shared/ipc';
import { countingIds, testClock, type TestClock } from './clock';
import { openCounter, value, type TestCounter } from './counter';
import { counterCopy, type CounterCopy } from './counterTemplate';
import type { CounterOptions } from '../types';

/**
 * A fresh counter per test for the manager's channels: its own copy of a counter template made
 * at `start` (what a counter first opened then holds, without the time of hashing the demo
 * staff's PINs again), a frozen clock (Amsterdam time: 2026-10-24 is the Saturday before the
 * clocks go back), counting ids (the deviceId the first of them, as on an empty database) and a
 * central that cannot be reached. Registers its own beforeEach and afterEach.
 */
export function managerCounter(start = '2026-10-24T08:00:00.000Z', options: Partial<CounterOptions> = {}) {
  const current = {} as { counter: TestCounter; clock: TestClock };
  let folder: CounterCopy;
  beforeEach(async () => {
    folder = await counterCopy('counter-manager-', start, { firstStart: true });
    current.clock = testClock(start);
    current.counter = await openCounter({
      dataDir: folder.dir,
      database: folder.database,
      clock: current.clock,
      newId: countingIds('aaaa0000'),
      central: { url: 'http://127.0.0.1:9', bearerToken: 'central-bearer-token-of-this-counter' },
      ...options,
    });
  });
  afterEach(async () => {
    await current.counter.close();
    folder.remove();
  });
  return {
    get counter() {
      return current.counter;
    },
    get clock() {
      return current.clock;
    },
    /** The value of a call that must succeed. */
    call: async <C extends keyof IpcOutputs>(channel: C, input: unknown) =>
      value((await current.counter.dispatch(channel, input)) as IpcResult<IpcOutputs[C]>, channel),
    /** The refusal of a call that must be refused. */
    refused: async (channel: string, input: unknown) => {
      const result = await current.counter.dispatch(channel, input);
      if (result.ok) throw new Error(`${channel} was not refused`);
      return result.error;
    },
    asMark: () => current.counter.dispatch('session.login', { staffId: 'mark', pin: '9999' }),
    asAnna: () => current.counter.dispatch('session.login', { staffId: 'anna', pin: '1234' }),
  };
}
