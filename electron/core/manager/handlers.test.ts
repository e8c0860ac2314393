import type { SyncState } from '../../../shared/ipc';
import type { ExportFile } from '../../../shared/manager/types';
import { setSyncState } from '../testing/managerFacts';
import { csvFiles } from '../testing/exportCsv';
import { pdfLines, pdfTexts } from '../testing/exportFiles';
import { describe, expect, it, vi } from 'vitest';
import { clerk, STATUS } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { recordAudit } from './audit';

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
const csvRows = (file: ExportFile) => csvFiles(file)[0]!.rows;
/** The first column of an orders export's list: the order numbers. */
const orderNumbers = (file: ExportFile) => csvRows(file).map((r) => r[0]);

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

describe('exports', () => {
  it('names a file by its title facts: the title in the manager’s language, the store, the counter, the day or both days of a range, the zone', async () => {
    await asMark();
    expect(await call('reports.export', { report: 'summary', format: 'csv', range: DAY })).toMatchObject({
      fileName: expect.stringMatching(/^Report-Balie_Centraal_Station-Counter_K[0-9A-F]{4}-2026-10-24-Europe_Amsterdam\.zip$/),
      mimeType: 'application/zip',
    });
    expect(await call('reports.export', { report: 'summary', format: 'pdf', language: 'nl', range: DAY })).toMatchObject({
      fileName: expect.stringMatching(/^Rapport-Balie_Centraal_Station-Kassa_K[0-9A-F]{4}-2026-10-24-Europe_Amsterdam\.pdf$/),
    });
    expect(await call('reports.export', { report: 'audit', format: 'csv', range: { from: '2026-10-24', to: '2026-10-25' } })).toMatchObject(
      {
        fileName: expect.stringMatching(
          /^Audit_trail-Balie_Centraal_Station-Counter_K[0-9A-F]{4}-2026-10-24_2026-10-25-Europe_Amsterdam\.csv$/,
        ),
        mimeType: 'text/csv',
        report: 'audit',
      },
    );
  });

  it('several tables are several CSV files in a zip, each its header on the first line, named after the report and the table', async () => {
    await asMark();
    await clerk(m.counter).create([single]);
    const nl = csvFiles(await call('reports.export', { report: 'orders', format: 'csv', language: 'nl', range: DAY }));
    expect(nl.map((f) => f.name)).toEqual([
      expect.stringMatching(/^Orders-Balie_Centraal_Station-Kassa_K[0-9A-F]{4}-2026-10-24-Europe_Amsterdam-1-Orders\.csv$/),
      expect.stringMatching(/-2026-10-24-Europe_Amsterdam-2-Totalen\.csv$/),
    ]);
    expect(nl[0]!.header).toEqual([
      'Order',
      'Order hoofdkantoor',
      'Tijd',
      'Status',
      'Medewerker',
      'Regels',
      'Totaal (€)',
      'Betaald (€)',
      'Hoofdkantoor',
    ]);
    expect(nl[0]!.rows).toHaveLength(1);
    expect(nl[1]!.header).toEqual(['Wat', 'Aantal', 'Bedrag (€)']);
  });

  it('the orders export holds every order of the range under the filters, past a thousand', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const kept = await mark.create([single]);
    const put = m.counter.test.db.prepare(
      `INSERT INTO order_facts (order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount, paid_amount,
         refunded_amount, line_count, lines) VALUES (?, ?, ?, 1, 'anna', 'Anna de Vries', 340, 0, 0, 1, '1× x')`,
    );
    for (let i = 0; i < 1001; i++) put.run(`bulk-${i}`, '2026-10-24T07:00:00.000Z', `B-${i}`);
    const all = await call('reports.export', { report: 'orders', format: 'csv', range: DAY });
    expect(csvRows(all)).toHaveLength(1002);
    const marks = await call('reports.export', { report: 'orders', format: 'csv', range: DAY, filters: { staffId: 'mark' } });
    expect(orderNumbers(marks)).toEqual([kept.orderNumber]);
  });

  it('the orders export takes a token filter given as undefined (an in-process caller) as no filter', async () => {
    await asMark();
    const order = await clerk(m.counter).create([single]);
    const file = await call('reports.export', { report: 'orders', format: 'csv', range: DAY, filters: { token: undefined } });
    expect(orderNumbers(file)).toEqual([order.orderNumber]);
  });

  it('the orders export filtered by a token finds the order with that pass number', async () => {
    await asAnna();
    const child = await clerk(m.counter).create([
      {
        productId: 102,
        quantity: 1,
        validFrom: '2026-10-24T10:00:00.000Z',
        customerTokens: [{ tokenTypeId: 2, passNumber: '3528 9999 0000 1111' }],
      } as never,
    ]);
    await clerk(m.counter).create([single]);
    await asMark();
    const file = await call('reports.export', { report: 'orders', format: 'csv', range: DAY, filters: { token: '3528 9999 0000 1111' } });
    expect(orderNumbers(file)).toEqual([child.orderNumber]);
  });

  it('the audit export holds every entry of the range, past a thousand', async () => {
    await asMark();
    for (let i = 0; i < 1001; i++) {
      recordAudit(m.counter.test.db, {
        at: '2026-10-24T07:00:00.000Z',
        who: null,
        action: 'sync.retry',
        orderId: null,
        outcome: 'done',
        detail: { note: `${i}` },
      });
    }
    recordAudit(m.counter.test.db, {
      at: '2026-10-25T07:00:00.000Z',
      who: null,
      action: 'sync.retry',
      orderId: null,
      outcome: 'done',
      detail: { note: 'next day' },
    });
    const file = await call('reports.export', { report: 'audit', format: 'csv', range: DAY });
    const rows = csvRows(file);
    expect(csvFiles(file)[0]!.header).toEqual(['Time', 'Who', 'What', 'Order', 'Outcome', 'Detail']);
    expect(rows).toHaveLength(1001);
  });

  it('the Z’s file lists an order refunded in full as refunded, and holds the screen’s PIN totals and cash per clerk', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const refunded = await mark.create([single]);
    await mark.pay(refunded.orderId, refunded.totalAmount, 'cash');
    await mark.refund(refunded.orderId, refunded.totalAmount, 'not travelled');
    const cancelled = await mark.create([single]);
    await call('orders.cancel', { orderId: cancelled.orderId });
    const byPin = await mark.create([single, single]);
    const pending = await mark.pay(byPin.orderId, byPin.totalAmount, 'pin');
    await mark.paymentStatus(pending.payments[0]!.paymentId, 'SETTLED');
    await call('day.close', { counted: { '100': 1 }, note: 'counted' });
    const z = await call('day.zReport', { businessDate: '2026-10-24' });
    const files = csvFiles(await call('reports.export', { report: 'zReport', format: 'csv', businessDate: '2026-10-24' }));
    const named = (title: string) => files.find((f) => f.name.endsWith(`-${title}.csv`))!;
    expect(named('Not_sold').rows).toEqual([
      ['Open (not paid)', '0', '0,00'],
      ['Cancelled', '1', '3,40'],
      ['Refunded in full', '1', '3,40'],
    ]);
    // The screen's figures (the Z as day.zReport answers it), in the file as they are.
    expect(z.terminal?.counter).toEqual({ debitCount: 1, debitAmount: 680, refundCount: 0, refundAmount: 0 });
    expect(named('PIN_the_terminal_and_the_counter').rows).toEqual([
      ['Counter', '1', '6,80', '0', '0,00', '6,80'],
      ['Stand-alone terminal (confirmed by hand)', '0', '0,00', '0', '0,00', '0,00'],
    ]);
    expect(z.clerks).toEqual([
      expect.objectContaining({ clerk: { staffId: 'mark', name: 'Mark Jansen' }, taken: 340, givenBack: 340, net: 0 }),
    ]);
    expect(named('Cash_per_clerk').rows).toEqual([['Mark Jansen', '1', '3,40', '1', '3,40', '0,00', '0,00', '0,00', '0', '0,00']]);
  });

  it('the Z report of a closed day exports as its tables', async () => {
    await asMark();
    await call('day.close', { counted: { '100': 1 }, note: 'found a euro' });
    const file = await call('reports.export', { report: 'zReport', format: 'csv', businessDate: '2026-10-24' });
    expect(file.fileName).toMatch(/^Z_report-.+-2026-10-24-Europe_Amsterdam\.zip$/);
    const files = csvFiles(file);
    const named = (title: string) => files.find((f) => f.name.endsWith(`-${title}.csv`))!;
    expect(files.map((f) => f.name.replace(/^.+-Europe_Amsterdam-/, ''))).toEqual([
      '1-Day.csv',
      '2-Per_payment_method.csv',
      '3-PIN_the_terminal_and_the_counter.csv',
      '4-Cash.csv',
      '5-Drawer_sessions.csv',
      '6-Cash_per_clerk.csv',
      '7-Cash_movements.csv',
      '8-Counted_by_note_and_coin.csv',
      '9-Not_sold.csv',
    ]);
    expect(named('1-Day').rows).toContainEqual(['Note', 'found a euro']);
    expect(named('4-Cash').rows).toContainEqual(['Difference', '1,00']);
  });

  it('the summary covers the range from its first to its last day, each line at its own amount', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const first = await mark.create([single]);
    await mark.pay(first.orderId, first.totalAmount);
    m.clock.set('2026-10-25T12:00:00.000Z');
    const second = await mark.create([{ productId: 600, quantity: 2 }]);
    await mark.pay(second.orderId, second.totalAmount);
    // Only what was paid is sold (docs/api.md §10.2): an open order is apart.
    await mark.create([{ productId: 600, quantity: 5 }]);
    const summary = await call('reports.summary', { range: { from: '2026-10-24', to: '2026-10-25' } });
    expect(summary).toMatchObject({ from: '2026-10-23T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' });
    expect(summary.byProduct.map((p) => [p.count, p.amount])).toEqual([[3, 1020]]);
    expect((await call('reports.summary', { range: { from: '2026-10-25' } })).byProduct.map((p) => p.count)).toEqual([2]);
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
      ...pdfLines(await pdfTexts(Buffer.from(pdf.content, 'base64'))),
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
