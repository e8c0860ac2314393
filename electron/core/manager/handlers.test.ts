import type { SyncState } from '../../../shared/ipc';
import type { ExportAnswer } from '../../../shared/manager/types';
import { setSyncState } from '../testing/managerFacts';
import { csvFiles, savedFile } from '../testing/exportCsv';
import { pdfLines, pdfTexts } from '../testing/exportFiles';
import { describe, expect, it, vi } from 'vitest';
import { clerk, STATUS } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { recordAudit } from '../audit/audit';

/**
 * The manager's channels as the dispatcher answers them, on a fresh counter per test (frozen
 * clock, counting ids, an unreachable central): the refusals' kinds and codes, cursors, the
 * files each report exports, stale concepts and the order detail.
 */

const m = managerCounter();
const { call, refused, asMark, asAnna } = m;
const DAY = { from: '2026-10-24' };
const single = { productId: 600, quantity: 1 };
/** The rows of an export's first table (its first CSV file), read strictly. */
const csvRows = (file: ExportAnswer) => csvFiles(file)[0]!.rows;
/** The first column of an orders export's list: the order numbers. */
const orderNumbers = (file: ExportAnswer) => csvRows(file).map((r) => r[0]);

describe('the drawer’s refusals', () => {
  it('a second opening is a conflict, a close without a note for a difference is invalid, an unknown day is not found', async () => {
    await asMark();
    await call('day.open', { float: { '100': 1 } });
    expect(await refused('day.open', { float: {} })).toMatchObject({
      kind: 'conflict',
      code: 'day.alreadyOpen',
      params: { businessDate: '2026-10-24' },
    });
    expect(await refused('day.close', { counted: {} })).toMatchObject({
      kind: 'invalid',
      code: 'day.noteRequired',
      params: { difference: -100 },
    });
    expect(await refused('day.zReport', { businessDate: '2026-10-23' })).toMatchObject({ kind: 'not-found', code: 'day.unknown' });
    expect(await refused('reports.export', { report: 'zReport', format: 'csv', businessDate: '2026-10-23' })).toMatchObject({
      kind: 'not-found',
      code: 'day.unknown',
    });
  });

  it('a close starts a sync round and is answered by the Z report; a second is a conflict and starts none', async () => {
    await asMark();
    const kick = vi.spyOn(m.counter.test.engine, 'kick');
    const z = await call('day.close', { counted: {} });
    expect(z).toMatchObject({ kind: 'Z', closedBy: { staffId: 'mark', name: 'Mark Jansen' } });
    expect(kick).toHaveBeenCalledTimes(1);
    expect(await refused('day.close', { counted: {} })).toMatchObject({ kind: 'conflict', code: 'day.alreadyClosed' });
    expect(kick).toHaveBeenCalledTimes(1);
    expect(await refused('day.open', { float: {} })).toMatchObject({ kind: 'conflict', code: 'day.closed' });
    expect(await call('day.zReport', { businessDate: '2026-10-24' })).toEqual({ ...z, reachedCentralAt: null });
  });

  it('lists closed days before a date, up to a limit', async () => {
    await asMark();
    for (const at of ['2026-10-21T17:00:00.000Z', '2026-10-22T17:00:00.000Z', '2026-10-23T17:00:00.000Z']) {
      m.clock.set(at);
      await call('day.close', { counted: {} });
    }
    const dates = async (input: object) => (await call('day.list', input)).map((d) => d.businessDate);
    expect(await dates({})).toEqual(['2026-10-23', '2026-10-22', '2026-10-21']);
    expect(await dates({ before: '2026-10-23', limit: 1 })).toEqual(['2026-10-22']);
  });
});

describe('the order review', () => {
  it('a page’s cursor leads to the next page; a cursor of another list is refused as invalid, at /cursor', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const first = await mark.create([single]);
    m.clock.advance(1000);
    const second = await mark.create([single]);
    const page = await call('manager.orders', { range: DAY, limit: 1 });
    expect(page.rows.map((r) => r.orderId)).toEqual([second.orderId]);
    expect(page.summary).toMatchObject({ count: 2 });
    const next = await call('manager.orders', { range: DAY, limit: 1, cursor: page.next });
    expect(next.rows.map((r) => r.orderId)).toEqual([first.orderId]);
    expect(next.next).toBeNull();
    expect(await refused('manager.orders', { range: DAY, cursor: 'bm9wZQ' })).toMatchObject({
      kind: 'invalid',
      code: 'list.badCursor',
      errors: [{ detail: 'not a cursor of this list', pointer: '/cursor' }],
    });
  });

  it('the detail of an unknown order is refused as not found', async () => {
    await asMark();
    expect(await refused('manager.order', { orderId: 'aaaa0000-0000-4000-8000-00000000ffff' })).toMatchObject({ kind: 'not-found' });
  });

  it('an order the central has shows when it last reached it; one it refused shows its reasons', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const order = await mark.create([single]);
    const db = m.counter.test.db;
    const setState = {
      run: (state: SyncState, reasons: string, at: string, orderId: string) =>
        setSyncState(db, orderId, state, at, JSON.parse(reasons) as unknown[]),
    };
    setState.run('synced', '[]', '2026-10-24T09:00:00.000Z', order.orderId);
    setState.run('pending', '[]', '2026-10-24T09:30:00.000Z', order.orderId);
    setState.run('synced', '[]', '2026-10-24T10:00:00.000Z', order.orderId);
    setState.run('pending', '[]', '2026-10-24T10:15:00.000Z', order.orderId);
    setState.run('synced', '[]', '2026-10-24T10:20:00.000Z', order.orderId);
    expect(await call('manager.order', { orderId: order.orderId })).toMatchObject({
      reachedCentralAt: '2026-10-24T10:20:00.000Z',
      refusedReasons: [],
    });
    // Reasons left from an earlier refusal are not shown once the order is no longer refused.
    setState.run('pending', JSON.stringify([{ detail: 'old', pointer: '' }]), '2026-10-24T10:30:00.000Z', order.orderId);
    expect(await call('manager.order', { orderId: order.orderId })).toMatchObject({ reachedCentralAt: null, refusedReasons: [] });
    const reasons = [{ detail: 'touchpoint closed', pointer: '' }];
    setState.run('rejected', JSON.stringify(reasons), '2026-10-24T11:00:00.000Z', order.orderId);
    expect(await call('manager.order', { orderId: order.orderId })).toMatchObject({ reachedCentralAt: null, refusedReasons: reasons });
  });

  it('a synced order without a record of reaching the central has no time', async () => {
    await asMark();
    const order = await clerk(m.counter).create([single]);
    setSyncState(m.counter.test.db, order.orderId, 'synced', '2026-10-24T09:00:00.000Z');
    m.counter.test.db.prepare("DELETE FROM order_events WHERE kind = 'reachedCentral'").run();
    expect(await call('manager.order', { orderId: order.orderId })).toMatchObject({ reachedCentralAt: null });
  });
});

describe('stale concepts', () => {
  it('are offered with their headline only, and cancelling tells the screens', async () => {
    await asAnna();
    const left = await clerk(m.counter).create([single]);
    m.clock.set('2026-10-25T09:00:00.000Z');
    await asMark();
    expect(await call('manager.staleConcepts', {})).toEqual([
      {
        orderId: left.orderId,
        orderNumber: left.orderNumber,
        createdOn: '2026-10-24T08:00:00.000Z',
        statusId: STATUS.concept,
        totalAmount: 340,
        clerk: { staffId: 'anna', name: 'Anna de Vries' },
      },
    ]);
    const changed: string[] = [];
    m.counter.on('orders.changed', ({ orderId }) => changed.push(orderId));
    expect(await call('manager.cancelStale', { orderIds: [left.orderId] })).toEqual({ cancelled: [left.orderId], refused: [] });
    expect(changed).toContain(left.orderId);
  });

  it('an offered order the service will not cancel is refused with the service’s reason', async () => {
    await asMark();
    const left = await clerk(m.counter).create([single]);
    m.clock.set('2026-10-25T09:00:00.000Z');
    // Gone from the store, still in the index: the service answers not found.
    m.counter.test.db.pragma('foreign_keys = OFF');
    m.counter.test.db.prepare('DELETE FROM orders WHERE order_id = ?').run(left.orderId);
    const changed: string[] = [];
    m.counter.on('orders.changed', ({ orderId }) => changed.push(orderId));
    expect(await call('manager.cancelStale', { orderIds: [left.orderId] })).toEqual({
      cancelled: [],
      refused: [{ orderId: left.orderId, code: 'order.notFound' }],
    });
    expect(changed).toEqual([]);
  });

  it('an offered order found paid meanwhile is refused with the kind the service gives (invalid)', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const left = await mark.create([single]);
    await mark.pay(left.orderId, left.totalAmount);
    // The index still shows it as a concept: the service, reading the order itself, refuses.
    m.counter.test.db.prepare('UPDATE order_facts SET status_id = 1 WHERE order_id = ?').run(left.orderId);
    m.clock.set('2026-10-25T09:00:00.000Z');
    expect(await call('manager.cancelStale', { orderIds: [left.orderId] })).toEqual({
      cancelled: [],
      refused: [{ orderId: left.orderId, code: 'order.invalid' }],
    });
  });
});

describe('registered tokens', () => {
  it('find an order carrying the token by the token’s pass number, in the review and in the export', async () => {
    await asMark();
    const carried = await call('orders.create', {
      languageId: 1,
      orderLines: [
        {
          productId: 102,
          quantity: 1,
          validFrom: '2026-10-24T10:00:00.000Z',
          customerTokens: [{ tokenTypeId: 2, transitTokenId: 880001 }],
        },
      ],
    });
    await clerk(m.counter).create([single]);
    const filters = { token: '3528 0100 0000 4411' };
    const page = await call('manager.orders', { range: DAY, filters });
    expect(page.rows.map((r) => r.orderId)).toEqual([carried.order.orderId]);
    expect(page.summary.count).toBe(1);
    const file = await call('reports.export', { report: 'orders', format: 'csv', range: DAY, filters });
    expect(orderNumbers(file)).toEqual([carried.order.orderNumber]);
    // Found by the pass number, and yet no file holds it, the token's id or the manager's PIN: no personal data or tokens.
    const pdf = await call('reports.export', { report: 'orders', format: 'pdf', range: DAY, filters });
    const texts = [
      ...csvFiles(file).flatMap((f) => [f.name, ...f.header, ...f.rows.flat()]),
      ...pdfLines(await pdfTexts(savedFile(pdf).content)),
    ].join('\n');
    expect(texts).toContain(carried.order.orderNumber);
    for (const secret of ['3528', '4411', '880001', '9999']) expect(texts).not.toContain(secret);
  });
});

describe('the audit list', () => {
  it.each(['abc', '0', '-1', '1.5', '9007199254740993'])('refuses the cursor %s as invalid', async (cursor) => {
    await asMark();
    expect(await refused('audit.list', { range: DAY, cursor })).toMatchObject({ kind: 'invalid', code: 'list.badCursor' });
  });

  it('takes a seq as cursor and answers the next one as text; filters by staff member', async () => {
    await asMark();
    for (const who of ['anna', 'mark', 'anna']) {
      recordAudit(m.counter.test.db, {
        at: '2026-10-24T07:00:00.000Z',
        who: { staffId: who, name: who, role: 'clerk' },
        action: 'x',
        orderId: null,
        outcome: 'done',
        detail: null,
      });
    }
    const page = await call('audit.list', { range: DAY, limit: 1, staffId: 'anna' });
    expect(page.rows.map((r) => r.seq)).toEqual([3]);
    expect(page.next).toBe('3');
    const rest = await call('audit.list', { range: DAY, cursor: '3', staffId: 'anna' });
    expect(rest).toEqual({ rows: [expect.objectContaining({ seq: 1 })], next: null });
    expect((await call('audit.list', { range: DAY, cursor: '1' })).rows).toEqual([]);
  });
});

describe('sync problems', () => {
  it('are answered to a manager', async () => {
    await asMark();
    const order = await clerk(m.counter).create([single]);
    expect((await call('sync.problems', {})).map((p) => [p.orderId, p.kind])).toEqual([[order.orderId, 'unsent']]);
  });
});
