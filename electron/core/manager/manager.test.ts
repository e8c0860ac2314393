import { csvFiles, savedFile } from '../testing/exportCsv';
import { pdfLines, pdfTexts } from '../testing/exportFiles';
import { describe, expect, it } from 'vitest';
import type { CounterOrder } from '../../../shared/ipc';
import type { IpcOutputs } from '../../../shared/ipc';
import { setSyncState } from '../testing/managerFacts';
import { clerk, STATUS } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';

/**
 * The manager's channels on a fresh in-memory database with a frozen clock (Amsterdam time:
 * 2026-10-24 is the Saturday before the clocks go back) and a central that cannot be reached.
 */

const m = managerCounter();
const { call, refused, asMark, asAnna } = m;
const single = { productId: 600, quantity: 1 };
const DAY = { from: '2026-10-24' };
/** A child's day ticket on an anonymous pass, found by its pass number. */
const childTicket = {
  productId: 102,
  quantity: 1,
  validFrom: '2026-10-24T10:00:00.000Z',
  customerTokens: [{ tokenTypeId: 2, passNumber: '3528 9999 0000 1111' }],
} as never;

describe('who did it', () => {
  it('records the clerk who made and paid an order and the manager who refunded it, in list and detail', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const order = await anna.create([single, { productId: 601, quantity: 2, validFrom: '2026-10-24T10:00:00.000Z' }]);
    m.clock.advance(60_000);
    await anna.pay(order.orderId, order.totalAmount);
    await asMark();
    m.clock.advance(60_000);
    await anna.refund(order.orderId, 340, 'one ticket not used');

    const page = await call('manager.orders', { range: DAY });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      orderNumber: order.orderNumber,
      clerk: { staffId: 'anna', name: 'Anna de Vries' },
      lines: '1× Enkele reis stad, 2× Retour stad',
      totalAmount: 340 + 2 * 640,
      paidAmount: 340 + 2 * 640 - 340,
      statusId: STATUS.paid,
      syncState: 'pending',
    });
    expect(page.summary).toEqual({ count: 1, totalAmount: 1620, paidAmount: 1280, refundedAmount: 340 });

    const detail = await call('manager.order', { orderId: order.orderId });
    expect(detail.events.map((e) => [e.kind, e.actor?.staffId ?? null, e.amount, e.detail])).toEqual([
      ['created', 'anna', null, null],
      ['payment', 'anna', 1620, 'SETTLED'],
      ['refund', 'mark', 340, 'one ticket not used'],
    ]);
    expect(detail.events.map((e) => e.at)).toEqual(['2026-10-24T08:00:00.000Z', '2026-10-24T08:01:00.000Z', '2026-10-24T08:02:00.000Z']);
    expect(detail.order.order.orderId).toBe(order.orderId);
    expect(detail.reachedCentralAt).toBeNull();
  });

  it('records deliveries, cancellations and deletions with who did them', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const paid = await anna.create([single]);
    await anna.pay(paid.orderId, paid.totalAmount);
    await anna.deliver(paid.orderId);
    const dropped = await anna.create([single]);
    await anna.cancel(dropped.orderId);
    const gone = await anna.create([single]);
    await anna.remove(gone.orderId);
    await asMark();
    const kinds = async (orderId: string) => (await call('manager.order', { orderId }).catch(() => null))?.events.map((e) => e.kind);
    expect(await kinds(paid.orderId)).toEqual(['created', 'payment', 'delivered']);
    expect(await kinds(dropped.orderId)).toEqual(['created', 'cancelled']);
    const history = m.counter.test.db
      .prepare('SELECT kind, staff_id AS who FROM order_events WHERE order_id = ? ORDER BY seq')
      .all(gone.orderId);
    expect(history).toEqual([
      { kind: 'created', who: 'anna' },
      { kind: 'deleted', who: 'anna' },
    ]);
    const list = await call('manager.orders', { range: DAY });
    expect(list.rows.map((r) => r.orderId).sort()).toEqual([paid.orderId, dropped.orderId].sort());
  });
});

describe('review', () => {
  it('pages through every order of a day, newest first, without a cap, and the summary covers them all', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const made: string[] = [];
    for (let i = 0; i < 120; i++) {
      made.push((await anna.create([single])).orderId);
      m.clock.advance(i % 3 === 0 ? 0 : 1000);
    }
    await asMark();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: IpcOutputs['manager.orders'] = await call('manager.orders', { range: DAY, cursor, limit: 50 });
      expect(page.summary.count).toBe(120);
      seen.push(...page.rows.map((r) => r.orderId));
      cursor = page.next;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect([...seen].sort()).toEqual([...made].sort());
    expect(await refused('manager.orders', { range: DAY, cursor: 'not-a-cursor' })).toMatchObject({ code: 'list.badCursor' });
  });

  it('filters by status, clerk, product, payment method, sync state and token', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const cash = await anna.create([single]);
    await anna.pay(cash.orderId, cash.totalAmount, 'cash');
    const pin = await anna.create([{ productId: 601, quantity: 1, validFrom: '2026-10-24T10:00:00.000Z' }]);
    await anna.pay(pin.orderId, pin.totalAmount, 'pin');
    const child = await anna.create([childTicket]);
    await asMark();
    const mark = clerk(m.counter);
    const marks = await mark.create([single]);
    const ids = async (filters: object) => (await call('manager.orders', { range: DAY, filters })).rows.map((r) => r.orderNumber).sort();
    const numbers = (...orders: { orderNumber: string }[]) => orders.map((o) => o.orderNumber).sort();
    expect(await ids({ statusIds: [STATUS.paid] })).toEqual(numbers(cash));
    expect(await ids({ statusIds: [STATUS.pendingPayment, STATUS.paid] })).toEqual(numbers(cash, pin));
    expect(await ids({ staffId: 'mark' })).toEqual(numbers(marks));
    expect(await ids({ productId: 600 })).toEqual(numbers(cash, marks));
    expect(await ids({ paymentMethodId: 2 })).toEqual(numbers(pin));
    expect(await ids({ token: '3528 9999 0000 1111' })).toEqual(numbers(child));
    expect(await ids({ token: '352899990000 1111' })).toEqual(numbers(child));
    expect(await ids({ syncStates: ['pending'] })).toHaveLength(4);
    setSyncState(m.counter.test.db, pin.orderId, 'rejected', '2026-10-24T09:00:00.000Z');
    expect(await ids({ syncStates: ['rejected'] })).toEqual(numbers(pin));
    expect((await call('manager.orders', { range: DAY, filters: { staffId: 'anna' } })).summary.count).toBe(3);
    // Another day holds none of them.
    expect((await call('manager.orders', { range: { from: '2026-10-25' } })).summary.count).toBe(0);
  });

  it('answers the clerks’ search by order number and pass number from the index', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const child = await anna.create([childTicket]);
    await anna.create([single]);
    const search = async (text: string) => (await call('orders.search', { text })).map((o) => o.orderNumber);
    expect(await search(child.orderNumber)).toEqual([child.orderNumber]);
    expect(await search('3528 9999 0000 1111')).toEqual([child.orderNumber]);
    expect(await search('nothing-like-it')).toEqual([]);
  });

  it('counts a day by its local midnights, 25 hours when the clocks go back', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const at = async (iso: string) => {
      m.clock.set(iso);
      return (await anna.create([single])).orderNumber;
    };
    const saturdayLate = await at('2026-10-24T21:59:00.000Z'); // 23:59 Saturday
    const sundayFirst = await at('2026-10-24T22:00:00.000Z'); // 00:00 Sunday
    const sundayLast = await at('2026-10-25T22:59:00.000Z'); // 23:59 Sunday (winter time)
    const monday = await at('2026-10-25T23:00:00.000Z'); // 00:00 Monday
    await asMark();
    const day = async (from: string) => (await call('manager.orders', { range: { from } })).rows.map((r) => r.orderNumber).sort();
    expect(await day('2026-10-24')).toEqual([saturdayLate]);
    expect(await day('2026-10-25')).toEqual([sundayFirst, sundayLast].sort());
    expect(await day('2026-10-26')).toEqual([monday]);
    expect((await call('manager.orders', { range: { from: '2026-10-24', to: '2026-10-26' } })).summary.count).toBe(4);
  });
});

describe('the drawer', () => {
  it('opens with a float, reports X, closes with a note for a difference, and the closed day sells nothing', async () => {
    await asMark();
    const mark = clerk(m.counter);
    expect(await call('day.status', {})).toMatchObject({ businessDate: '2026-10-24', state: 'notOpened', float: null });
    expect(await call('day.open', { float: { '5000': 1, '1000': 5 } })).toMatchObject({
      state: 'open',
      float: 10000,
      openedBy: { staffId: 'mark' },
    });
    expect(await refused('day.open', { float: {} })).toMatchObject({ code: 'day.alreadyOpen' });
    const sold = await mark.create([single]);
    await mark.pay(sold.orderId, 340, 'cash');
    const pin = await mark.create([single]);
    const paying = await mark.pay(pin.orderId, 340, 'pin');
    await mark.paymentStatus(paying.payments[0]!.paymentId, 'FAILED');

    const x = await call('day.xReport', {});
    expect(x).toMatchObject({ kind: 'X', cash: { float: 10000, expected: 10340, counted: null }, failedPayments: 1, orders: { count: 2 } });
    expect(x.methods).toEqual([expect.objectContaining({ paymentMethodId: 1, payments: 340, expected: 340 })]);

    const short = { '5000': 1, '1000': 5, '200': 1, '100': 1, '20': 1, '10': 1, '5': 1 }; // 10335: five cents short
    expect(await refused('day.close', { counted: short })).toMatchObject({ code: 'day.noteRequired', params: { difference: -5 } });
    m.clock.advance(3_600_000);
    const z = await call('day.close', { counted: short, note: 'five cents short' });
    expect(z).toMatchObject({
      kind: 'Z',
      state: 'closed',
      closedBy: { staffId: 'mark', name: 'Mark Jansen' },
      closedAt: '2026-10-24T09:00:00.000Z',
      note: 'five cents short',
      cash: { expected: 10340, counted: 10335, difference: -5 },
    });
    expect(await refused('day.close', { counted: short, note: 'again' })).toMatchObject({ code: 'day.alreadyClosed' });
    expect(await refused('orders.create', { languageId: 1, orderLines: [single] })).toMatchObject({
      kind: 'conflict',
      code: 'day.closed',
      params: { businessDate: '2026-10-24' },
    });
    expect(
      await refused('payments.add', {
        orderId: pin.orderId,
        payment: { paymentMethodId: 1, amountDebit: 340, operatorPaymentReference: 'late', statusCode: 'SETTLED' },
      }),
    ).toMatchObject({ code: 'day.closed' });
    expect(await call('day.zReport', { businessDate: '2026-10-24' })).toEqual({ ...z, reachedCentralAt: null });
    expect(await refused('day.zReport', { businessDate: '2026-10-23' })).toMatchObject({ code: 'day.unknown' });
    expect(await call('day.list', {})).toEqual([
      expect.objectContaining({ businessDate: '2026-10-24', difference: -5, countedCash: 10335 }),
    ]);
    expect(m.counter.test.db.prepare('SELECT COUNT(*) AS n FROM day_close_outbox').get()).toEqual({ n: 1 });

    // The next day sells again, into a day of its own.
    m.clock.set('2026-10-24T22:30:00.000Z');
    expect(await mark.create([single])).toMatchObject({ totalAmount: 340 });
    expect(await call('day.status', {})).toMatchObject({ businessDate: '2026-10-25', state: 'notOpened' });
  });

  it('offers open concept orders of an earlier day for cancelling, and cancels only those', async () => {
    const anna = clerk(m.counter);
    await asAnna();
    const left = await anna.create([single]);
    m.clock.set('2026-10-25T09:00:00.000Z');
    const today = await anna.create([single]);
    await asMark();
    expect(await call('day.status', {})).toMatchObject({ staleConcepts: 1 });
    expect((await call('manager.staleConcepts', {})).map((o) => o.orderId)).toEqual([left.orderId]);
    const outcome = await call('manager.cancelStale', { orderIds: [left.orderId, today.orderId] });
    expect(outcome).toEqual({ cancelled: [left.orderId], refused: [{ orderId: today.orderId, code: 'order.conflict' }] });
    expect(await call('manager.staleConcepts', {})).toEqual([]);
  });
});

describe('reports, export and audit', () => {
  it('exports the day as CSV a Dutch spreadsheet reads, and as PDF', async () => {
    await asMark();
    const mark = clerk(m.counter);
    const order = await mark.create([single, { productId: 601, quantity: 1, validFrom: '2026-10-24T10:00:00.000Z' }]);
    await mark.pay(order.orderId, order.totalAmount, 'cash');
    const csv = await call('reports.export', { report: 'orders', format: 'csv', language: 'nl', range: DAY });
    expect(csv).toMatchObject({
      fileName: expect.stringMatching(/^Orders-.+-2026-10-24-Europe_Amsterdam\.zip$/),
      mimeType: 'application/zip',
    });
    const [orders, totals] = csvFiles(csv);
    expect(orders!.header).toEqual([
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
    expect(orders!.rows).toEqual([
      [
        order.orderNumber,
        '',
        '2026-10-24 10:00',
        'Betaald',
        'Mark Jansen',
        '1× Enkele reis stad, 1× Retour stad',
        '9,80',
        '9,80',
        'Wacht op verzenden',
      ],
    ]);
    expect(totals!.rows[0]).toEqual(['Verkocht (betaald of geleverd)', '1', '9,80']);

    const summary = await call('reports.summary', { range: DAY });
    expect(summary.byMethod).toEqual([expect.objectContaining({ name: 'Contant', expected: 980 })]);
    expect(summary.byProduct.map((p) => [p.name, p.count, p.amount])).toEqual([
      ['Enkele reis stad', 1, 340],
      ['Retour stad', 1, 640],
    ]);
    const pdf = await call('reports.export', { report: 'summary', format: 'pdf', language: 'nl', range: DAY });
    expect(pdf).toMatchObject({
      fileName: expect.stringMatching(/^Rapport-.+-2026-10-24-Europe_Amsterdam\.pdf$/),
      mimeType: 'application/pdf',
    });
    const lines = pdfLines(await pdfTexts(savedFile(pdf).content));
    expect(lines.slice(0, 2)).toEqual(['Rapport', 'Winkel: Balie Centraal Station']);
    expect(lines).toEqual(expect.arrayContaining(['Per product (verkocht)', 'Enkele reis stad 1 3,40', 'Contant 1 9,80 0 0,00 9,80']));
    expect(await refused('reports.export', { report: 'zReport', format: 'csv', businessDate: '2026-10-24' })).toMatchObject({
      code: 'day.unknown',
    });
  });

  it('refuses a clerk every manager channel and records the attempt; records managers’ acts', async () => {
    await asAnna();
    const anna = clerk(m.counter);
    const order = await anna.create([single]);
    await anna.pay(order.orderId, 340);
    for (const channel of ['manager.orders', 'day.close', 'audit.list', 'reports.export'] as const) {
      expect(await refused(channel, { range: DAY, counted: {} })).toMatchObject({ kind: 'forbidden', code: 'session.managerOnly' });
    }
    expect(await refused('payments.refund', { orderId: order.orderId, refund: {} })).toMatchObject({ code: 'session.managerOnly' });
    await asMark();
    await clerk(m.counter).refund(order.orderId, 100, 'late train');
    const trail = await call('audit.list', { range: DAY });
    expect(trail.rows.map((r) => [r.actor?.staffId, r.action, r.outcome, r.orderId, r.detail])).toEqual([
      ['mark', 'payments.refund', 'done', order.orderId, { values: { amount: { money: 100 }, method: { method: 1 } }, note: 'late train' }],
      ['anna', 'payments.refund', 'refused', order.orderId, { refused: 'session.managerOnly' }],
      ['anna', 'reports.export', 'refused', null, { refused: 'session.managerOnly' }],
      ['anna', 'audit.list', 'refused', null, { refused: 'session.managerOnly' }],
      ['anna', 'day.close', 'refused', null, { refused: 'session.managerOnly' }],
      ['anna', 'manager.orders', 'refused', null, { refused: 'session.managerOnly' }],
    ]);
    const second = await call('audit.list', { range: DAY, limit: 4 });
    expect(second.next).not.toBeNull();
    expect((await call('audit.list', { range: DAY, limit: 4, cursor: second.next })).rows).toHaveLength(2);
    expect((await call('audit.list', { range: DAY, orderId: order.orderId })).rows).toHaveLength(2);
  });

  it('lists the orders the central does not have, with why', async () => {
    await asAnna();
    const anna = clerk(m.counter);
    const waiting = await anna.create([single]);
    const refusedOrder = await anna.create([single]);
    setSyncState(m.counter.test.db, refusedOrder.orderId, 'rejected', '2026-10-24T09:00:00.000Z', [
      { detail: 'touchpoint closed', pointer: '' },
    ]);
    await asMark();
    const problems = await call('sync.problems', {});
    expect(problems.map((p) => [p.orderNumber, p.kind, p.reasons.map((r) => r.detail)])).toEqual([
      [waiting.orderNumber, 'unsent', []],
      [refusedOrder.orderNumber, 'rejected', ['touchpoint closed']],
    ]);
    const detail = await call('manager.order', { orderId: refusedOrder.orderId });
    expect(detail.refusedReasons).toEqual([{ detail: 'touchpoint closed', pointer: '' }]);
    expect(detail.events.at(-1)).toMatchObject({ kind: 'refusedByCentral', actor: null });
    // The manager had the cause fixed: the refused order is sent again, and that is on record.
    await call('sync.retry', { orderId: refusedOrder.orderId });
    expect((await call('sync.problems', {})).map((p) => [p.orderNumber, p.kind])).toEqual([
      [waiting.orderNumber, 'unsent'],
      [refusedOrder.orderNumber, 'unsent'],
    ]);
    expect((await call('audit.list', { range: DAY })).rows[0]).toMatchObject({
      action: 'sync.retry',
      orderId: refusedOrder.orderId,
      outcome: 'done',
    });
    setSyncState(m.counter.test.db, refusedOrder.orderId, 'rejected', '2026-10-24T09:30:00.000Z', [
      { detail: 'touchpoint closed', pointer: '' },
    ]);
    const summary = await call('reports.summary', { range: DAY });
    expect(summary.refused).toEqual([
      { orderId: refusedOrder.orderId, orderNumber: refusedOrder.orderNumber, reasons: [{ detail: 'touchpoint closed', pointer: '' }] },
    ]);
  });
});

export type { CounterOrder };
