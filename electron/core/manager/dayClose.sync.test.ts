import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc';
import type { DayClosure } from '../../../shared/manager/closure';
import type { DayReport } from '../../../shared/manager/types';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralCall, counterToken, startTestCentral } from '../testing/central';
import { countingIds, testClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { FaultyProxy } from '../testing/faultyProxy';

/**
 * A day closed while the central cannot be reached reaches it once the central can, exactly
 * once, even when the answer to the first send that got through was lost on the way back.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central;
let proxy: FaultyProxy;
let counter: TestCounter;
afterEach(async () => {
  await counter?.close();
  await proxy?.close();
  await central?.close();
  folder?.remove();
});

const queued = () => (counter.test.db.prepare('SELECT COUNT(*) AS n FROM day_close_outbox').get() as { n: number }).n;

describe('day closes reach the central', () => {
  it('a close made offline arrives once, after a lost answer too', async () => {
    folder = tempDir('counter-dayclose-');
    const clock = testClock('2026-10-24T15:00:00.000Z');
    // The central takes a close only for a day near its own today (docs/api.md §10.4): both keep the counter's time.
    central = await startTestCentral(folder.dir, clock);
    proxy = await new FaultyProxy({ target: central.url }).start();
    proxy.decide = () => 'reset';
    const token = await counterToken();
    counter = await openCounter({
      dataDir: folder.dir,
      database: ':memory:',
      clock,
      newId: countingIds('dc0dc0dc'),
      central: { url: proxy.url, bearerToken: token },
      autoSync: false,
    });
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    const order = await mark.create([{ productId: 600, quantity: 2 }]);
    await mark.pay(order.orderId, order.totalAmount, 'cash');
    const z = value(
      (await counter.dispatch('day.close', {
        counted: { '500': 1, '100': 1, '50': 1, '20': 1 },
        note: 'ten cents short',
      })) as IpcResult<DayReport>,
    );
    expect(z.cash).toMatchObject({ expected: 680, counted: 670, difference: -10 });

    await counter.dispatch('sync.now', {});
    expect(queued()).toBe(1);
    const listed = async () =>
      (await centralCall<{ dayClosures: DayClosure[] }>(central.url, token, 'GET', '/dayclosures')).body.dayClosures;
    expect(await listed()).toEqual([]);

    // The central stores it, but its answer never comes back: the counter keeps it queued.
    proxy.decide = (req) => (req.path.includes('/dayclosures') ? 'drop' : 'forward');
    await counter.dispatch('sync.now', {});
    expect(queued()).toBe(1);
    expect(await listed()).toHaveLength(1);

    proxy.decide = null;
    await counter.dispatch('sync.now', {});
    expect(queued()).toBe(0);
    const stored = await listed();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      businessDate: '2026-10-24',
      touchpointId: 10,
      closedBy: { staffId: 'mark' },
      cash: { expected: z.cash.expected, counted: z.cash.counted, difference: z.cash.difference },
      methods: z.methods,
    });
    const reprint = value((await counter.dispatch('day.zReport', { businessDate: '2026-10-24' })) as IpcResult<DayReport>);
    expect(reprint.reachedCentralAt).toBe('2026-10-24T15:00:00.000Z');
  });
});
