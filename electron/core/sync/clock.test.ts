import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import type { Central } from '../../../server/central';
import { centralOrders, counterToken, startTestCentral } from '../testing/central';
import { clerk, counterSyncingWith, type TestCounter } from '../testing/counter';
import { getSync } from '../db/syncOrders';

/**
 * A counter whose clock runs an hour fast (docs/api.md §11.4): the central refuses a
 * `createdOn` more than 5 minutes in its future, so the counter sends its sales on the
 * central's time, measured from the answers' Date header.
 */

const HOUR = 3_600_000;
const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** The counter's clock: the real time plus `aheadMs`, as a computer's clock set wrong runs. */
const fastClock = (aheadMs: number) => () => new Date(Date.now() + aheadMs);

async function world() {
  const folder = tempDir('counter-clock-');
  opened.push(() => folder.remove());
  const central = await startTestCentral(folder.dir);
  opened.push(() => central.close());
  return { dir: folder.dir, central, token: await counterToken() };
}

async function counterAhead(dir: string, central: Central, token: string, measureClock: boolean): Promise<TestCounter> {
  const counter = await counterSyncingWith(dir, central.url, token, 'c1c1c1c1', { clock: fastClock(HOUR), measureClock, autoSync: false });
  opened.push(() => counter.close());
  return counter;
}

describe('a counter one hour fast', () => {
  it('measures the offset, says it, and its sale made before it knew reaches the central on the central’s time', async () => {
    const { dir, central, token } = await world();
    const counter = await counterAhead(dir, central, token, true);
    const anna = clerk(counter);
    await anna.login();
    // Nothing was asked of the central yet: the offset is unknown and the sale keeps its own time.
    expect(counter.test.engine.status().clockOffsetMs).toBeNull();
    const soldAt = Date.now();
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    expect(Date.parse(order.createdOn) - soldAt).toBeGreaterThanOrEqual(HOUR - 1_000);

    const status = await counter.test.engine.settle();

    expect(status).toMatchObject({ pending: 0, rejected: 0, lastError: null });
    expect(Math.abs(status.clockOffsetMs! - HOUR)).toBeLessThan(2_000);
    const [there] = await centralOrders(central.url, token);
    expect(there?.externalOrderId).toBe(order.orderId);
    // On the central's clock the sale was made when it was made: within the measure's error.
    expect(Math.abs(Date.parse(there!.createdOn) - soldAt)).toBeLessThan(3_000);
  });

  it('sends again, corrected, a sale the central refused for its future time', async () => {
    const { dir, central, token } = await world();
    // First without measuring, as a counter before this rule: the central refuses the sale.
    const before = await counterAhead(dir, central, token, false);
    await clerk(before).login();
    const order = await clerk(before).create([{ productId: 600, quantity: 2 }]);
    expect(await before.test.engine.settle()).toMatchObject({ pending: 0, rejected: 1 });
    expect(getSync(before.test.db, order.orderId)?.reasons.map((r) => r.pointer)).toEqual(['/createdOn']);
    await before.close();

    const after = await counterAhead(dir, central, token, true);
    const status = await after.test.engine.settle();

    expect(status).toMatchObject({ pending: 0, rejected: 0 });
    expect(getSync(after.test.db, order.orderId)?.state).toBe('synced');
    expect((await centralOrders(central.url, token)).map((o) => o.externalOrderId)).toEqual([order.orderId]);
  });
});
