import type { ExportAnswer } from '../../../shared/manager/types';
import { csvFiles, savedFile } from '../testing/exportCsv';
import { describe, expect, it } from 'vitest';
import { clerk } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { recordAudit } from '../audit/audit';

/**
 * The manager's exports as the dispatcher answers them, on a fresh counter per test (frozen
 * clock, counting ids, an unreachable central): the files' names, tables and figures.
 */

const m = managerCounter();
const { call, asMark, asAnna } = m;
const DAY = { from: '2026-10-24' };
const single = { productId: 600, quantity: 1 };
/** The rows of an export's first table (its first CSV file), read strictly. */
const csvRows = (file: ExportAnswer) => csvFiles(file)[0]!.rows;
/** The first column of an orders export's list: the order numbers. */
const orderNumbers = (file: ExportAnswer) => csvRows(file).map((r) => r[0]);

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
    expect(savedFile(file).fileName).toMatch(/^Z_report-.+-2026-10-24-Europe_Amsterdam\.zip$/);
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
