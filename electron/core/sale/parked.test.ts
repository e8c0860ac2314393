import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult, UnfinishedSale } from '../../../shared/ipc';
import { tempDir } from '../../../server/testing/fixtures';
import { countingIds, testClock, type TestClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';

/**
 * Parked and unfinished sales (docs/counter.md §12) on a counter of its own with a frozen
 * clock and a central that cannot be reached: everything is answered locally.
 */

const UNREACHABLE = 'http://127.0.0.1:9';
const START = '2024-05-01T08:00:00.000Z';

let counter: TestCounter;
let clock: TestClock;
let folder: ReturnType<typeof tempDir>;

beforeEach(async () => {
  folder = tempDir('counter-parked-');
  clock = testClock(START);
  counter = await openCounter({
    dataDir: folder.dir,
    database: ':memory:',
    clock,
    newId: countingIds('ba0c0c0c'),
    central: { url: UNREACHABLE, bearerToken: 'token-of-this-counter' },
  });
});
afterEach(async () => {
  await counter.close();
  folder.remove();
});

const unfinished = async () => value((await counter.dispatch('orders.unfinished', {})) as IpcResult<UnfinishedSale[]>);
const park = (orderId: string) => counter.dispatch('orders.park', { orderId });

describe('parked and unfinished sales', () => {
  it('lists the open sales of the counter, parked ones first with who parked them and when', async () => {
    const anna = clerk(counter);
    await anna.login();
    const first = await anna.create([{ productId: 600, quantity: 2 }]);
    clock.advance(60_000);
    const second = await anna.create([{ productId: 600, quantity: 1 }]);
    // A finished sale is not listed: paid and delivered.
    const done = await anna.create([{ productId: 600, quantity: 1 }]);
    await anna.pay(done.orderId, done.totalAmount);
    await anna.deliver(done.orderId);

    const open = await unfinished();
    expect(open.map((s) => [s.orderNumber, s.parked])).toEqual([
      [second.orderNumber, null],
      [first.orderNumber, null],
    ]);
    expect(open[1]).toMatchObject({ statusId: 1, lineCount: 1, totalAmount: first.totalAmount, clerkName: 'Anna de Vries' });

    clock.advance(60_000);
    const parked = value((await park(first.orderId)) as IpcResult<UnfinishedSale>);
    expect(parked.parked).toEqual({ at: '2024-05-01T08:02:00.000Z', by: 'Anna de Vries' });
    expect((await unfinished()).map((s) => s.orderNumber)).toEqual([first.orderNumber, second.orderNumber]);
  });

  it('lets another clerk of the counter resume a parked sale, which takes it off the parked list', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await anna.create([{ productId: 600, quantity: 1 }]);
    value((await park(sale.orderId)) as IpcResult<UnfinishedSale>);
    await counter.dispatch('session.logout', {});
    // Parked sales survive the clerk: the list is the counter's, whoever logs in.
    await clerk(counter).login('mark', '9999');
    expect((await unfinished()).map((s) => s.parked?.by)).toEqual(['Anna de Vries']);

    const resumed = await counter.dispatch('orders.resume', { orderId: sale.orderId });
    expect(resumed).toMatchObject({ ok: true, value: { order: { orderId: sale.orderId } } });
    expect((await unfinished()).map((s) => [s.orderId, s.parked])).toEqual([[sale.orderId, null]]);
  });

  it('refuses to park a finished or unknown sale, and changes nothing', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await anna.create([{ productId: 600, quantity: 1 }]);
    await anna.cancel(sale.orderId);
    expect(await park(sale.orderId)).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'order.conflict' } });
    expect(await park('00000000-0000-4000-8000-000000000000')).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    expect(counter.test.db.prepare('SELECT COUNT(*) AS n FROM parked_sales').get()).toEqual({ n: 0 });
    expect(await unfinished()).toEqual([]);
  });

  it('keeps parked sales from a clerk who is not logged in', async () => {
    expect(await counter.dispatch('orders.unfinished', {})).toMatchObject({ ok: false, error: { code: 'session.required' } });
  });
});
