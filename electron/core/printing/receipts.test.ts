import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cutsPaper, kicksDrawer, printedText, startFakePrinter, type FakePrinter } from '../../../devtools/escposPrinter/fakePrinter';
import type { ReceiptOrder } from '../../../domain/receipts/receipt';
import { CASH, line, order, pay, PIN } from '../../../domain/receipts/testing/orders';
import { tempDir } from '../../../server/testing/fixtures';
import { openCounterDatabase, type CounterDb } from '../db/database';
import { createDevices, type Devices } from '../devices';
import { ReceiptDesk } from './receipts';

/** Receipts at the desk (docs/api.md §9.3): the drawer after cash, the receipt after the sale, originals and duplicates. */

const NOW = new Date('2026-11-27T19:05:00.000Z');
let fake: FakePrinter;
let tmp: { dir: string; remove: () => void };
let db: CounterDb;
let devices: Devices;
let receipts: ReceiptDesk;
let orders: Map<string, ReceiptOrder>;
let changed: string[];

function start(url: string, drawer?: 'printer' | 'none') {
  devices = createDevices({ config: { printer: { url }, ...(drawer ? { drawer } : {}) }, pollMs: 0 });
  receipts = new ReceiptDesk({
    printer: devices.printer,
    drawer: devices.drawer,
    db,
    timeZone: 'Europe/Amsterdam',
    now: () => NOW,
    loadOrder: async (id) => orders.get(id) ?? null,
    touchpointName: () => 'Loket 3',
    changed: (id) => changed.push(id),
  });
}

const sale = order([line('Dagkaart', 1545)], [pay('p1', CASH, 1545, { tendered: 2000 })]);

beforeEach(async () => {
  fake = await startFakePrinter();
  tmp = tempDir('receipts-');
  db = openCounterDatabase(join(tmp.dir, 'counter.sqlite'));
  orders = new Map([[sale.orderId, sale]]);
  changed = [];
});
afterEach(async () => {
  devices.close();
  db.close();
  tmp.remove();
  await fake.close();
});

describe('a cash sale on a network printer', () => {
  it('opens the drawer, then prints the receipt with the change by itself', async () => {
    start(fake.url);
    receipts.afterPayment(sale, 'p1');
    expect(kicksDrawer(await fake.nextJob(0))).toBe(true);
    const receipt = await fake.nextJob(1);
    expect(printedText(receipt)).toMatch(/Wisselgeld +\S+ 4,55/);
    expect(printedText(receipt)).toContain('Loket 3');
    expect(printedText(receipt)).not.toContain('DUPLICAAT');
    expect(cutsPaper(receipt)).toBe(true);
    expect(changed).toEqual([sale.orderId]);
    expect(receipts.state(sale.orderId)).toEqual({ printer: 'escpos', printed: true, problem: null });
  });

  it('a reprint of a printed receipt says DUPLICAAT', async () => {
    start(fake.url);
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'printer', printed: true, duplicate: false, problem: null });
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'printer', printed: true, duplicate: true, problem: null });
    expect(printedText(await fake.nextJob(0))).not.toContain('DUPLICAAT');
    expect(printedText(await fake.nextJob(1))).toContain('DUPLICAAT');
  });

  it('a receipt whose first print met no paper is the original when it finally prints', async () => {
    start(fake.url);
    fake.set('paperOut');
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'printer', printed: false, duplicate: false, problem: 'paperOut' });
    expect(receipts.state(sale.orderId)).toEqual({ printer: 'escpos', printed: false, problem: 'paperOut' });
    expect(devices.deviceStates().printer).toBe('paperOut');
    fake.set('ready');
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'printer', printed: true, duplicate: false, problem: null });
    expect(printedText(await fake.nextJob(0))).not.toContain('DUPLICAAT');
    expect(receipts.state(sale.orderId)).toEqual({ printer: 'escpos', printed: true, problem: null });
  });

  it('a printer that does not answer: the clerk reads offline, and the receipt is not printed', async () => {
    start(fake.url);
    fake.set('offline');
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'printer', printed: false, duplicate: false, problem: 'offline' });
    expect(receipts.state(sale.orderId)).toEqual({ printer: 'escpos', printed: false, problem: 'offline' });
    expect(await receipts.testPrint('nl')).toEqual({ via: 'printer', printed: false, duplicate: false, problem: 'offline' });
  });

  it('a failed reprint leaves the receipt printed: the next reprint is still a duplicate', async () => {
    start(fake.url);
    await receipts.print(sale.orderId);
    fake.set('coverOpen');
    expect(await receipts.print(sale.orderId)).toMatchObject({ printed: false, duplicate: true, problem: 'coverOpen' });
    expect(receipts.state(sale.orderId)).toEqual({ printer: 'escpos', printed: true, problem: null });
  });

  it('the printed state outlives the counter: a reprint after a restart is a duplicate', async () => {
    start(fake.url);
    await receipts.print(sale.orderId);
    devices.close();
    db.close();
    db = openCounterDatabase(join(tmp.dir, 'counter.sqlite'));
    start(fake.url);
    expect(await receipts.print(sale.orderId)).toMatchObject({ printed: true, duplicate: true });
  });

  it('with `drawer: none` the sale prints and no drawer is kicked', async () => {
    start(fake.url, 'none');
    receipts.afterPayment(sale, 'p1');
    expect(kicksDrawer(await fake.nextJob(0))).toBe(false);
    expect(await devices.openDrawer('change for the float')).toEqual({ kind: 'refused', problem: 'noDrawer' });
  });

  it('"No sale" opens the drawer alone', async () => {
    start(fake.url);
    expect(await devices.openDrawer('change for the float')).toEqual({ kind: 'ok', value: true });
    const job = await fake.nextJob(0);
    expect(kicksDrawer(job)).toBe(true);
    expect(printedText(job)).toBe('');
  });

  it('"No sale" on a printer that does not answer: unknown, never refused', async () => {
    const gone = await startFakePrinter();
    await gone.close();
    start(gone.url);
    expect(await devices.openDrawer('change for the float')).toMatchObject({
      kind: 'unknown',
      reason: expect.stringMatching(/^no connection to the printer/),
    });
  });
});

describe('what a payment sets off', () => {
  it('a PIN payment opens no drawer; a part payment prints nothing yet', async () => {
    start(fake.url);
    const part = order([line('Dagkaart', 1545)], [pay('c', CASH, 500, { tendered: 500 })]);
    orders.set(part.orderId, part);
    receipts.afterPayment(part, 'c');
    expect(kicksDrawer(await fake.nextJob(0))).toBe(true);
    const paid = { ...part, payments: [...part.payments, pay('p', PIN, 1045)] };
    orders.set(paid.orderId, paid);
    receipts.afterPayment(paid, 'p');
    const receipt = await fake.nextJob(1);
    expect(kicksDrawer(receipt)).toBe(false);
    expect(printedText(receipt)).toMatch(/Pinbetaling +\S+ 10,45/);
  });

  it('a settled cash refund opens the drawer and prints its own receipt', async () => {
    start(fake.url);
    const refunded = { ...sale, payments: [...sale.payments, pay('r', CASH, 545, { isRefund: true })] };
    orders.set(refunded.orderId, refunded);
    receipts.afterPayment(refunded, 'r');
    expect(kicksDrawer(await fake.nextJob(0))).toBe(true);
    const receipt = printedText(await fake.nextJob(1));
    expect(receipt).toContain('Terugbetaling');
    expect(receipt).toMatch(/Terugbetaald +\S+ 5,45/);
  });
});

describe('printers the counter does not drive', () => {
  it('`system`: the page prints; the first is the original, the next a duplicate', async () => {
    start('system');
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'page', printed: false, duplicate: false, problem: null });
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'page', printed: false, duplicate: true, problem: null });
    expect(devices.deviceStates().printer).toBe('ready');
    expect(fake.jobs).toEqual([]);
  });

  it('`none`: nothing prints, nothing is remembered, the state is none', async () => {
    start('none');
    expect(await receipts.print(sale.orderId)).toEqual({ via: 'none', printed: false, duplicate: false, problem: null });
    expect(receipts.state(sale.orderId)).toEqual({ printer: 'none', printed: false, problem: null });
    expect(devices.deviceStates()).toEqual({ printer: 'none', terminal: 'none' });
  });

  it('an order that is not there prints nothing', async () => {
    start(fake.url);
    expect(await receipts.print('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
