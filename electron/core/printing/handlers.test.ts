import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kicksDrawer, printedText, startFakePrinter, type FakePrinter } from '../../../devtools/escposPrinter/fakePrinter';
import type { DeviceStates } from '../../../shared/devices';
import type { IpcResult, PrintAnswer, ReceiptPrintState } from '../../../shared/ipc';
import { tempDir } from '../../../server/testing/fixtures';
import { countingIds, testClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';

/** The counter's printing channels with a network printer (docs/api.md §9.3): the clerk's calls as the screens make them. */

let fake: FakePrinter;
let folder: ReturnType<typeof tempDir>;
let counter: TestCounter;
const changes: DeviceStates[] = [];
const receiptEvents: string[] = [];

beforeEach(async () => {
  fake = await startFakePrinter();
  folder = tempDir('counter-printing-');
  counter = await openCounter({
    dataDir: folder.dir,
    database: ':memory:',
    clock: testClock('2024-05-01T08:00:00.000Z'),
    newId: countingIds('9a1e0000'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable-central-token' },
    config: { config: { printer: { url: fake.url } }, sources: { 'printer.url': 'environment' }, file: null },
    devicePollMs: 0,
    autoSync: false,
  });
  changes.length = 0;
  receiptEvents.length = 0;
  counter.on('devices.changed', (states) => changes.push(states));
  counter.on('receipt.changed', ({ orderId }) => receiptEvents.push(orderId));
});
afterEach(async () => {
  await counter.close();
  folder.remove();
  await fake.close();
});

/** Until the counter has told the screens of `count` receipt changes. */
async function receiptChanges(count: number): Promise<string[]> {
  while (receiptEvents.length < count) await new Promise<void>((wake) => counter.on('receipt.changed', () => wake()));
  return receiptEvents;
}

const call = async <T>(channel: string, input: unknown = {}) => value((await counter.dispatch(channel, input)) as IpcResult<T>, channel);

describe('printing at the counter', () => {
  it('a cash sale opens the drawer and prints its receipt by itself; the clerk reprints a duplicate', async () => {
    const anna = clerk(counter);
    await anna.login();
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    await anna.pay(order.orderId, order.totalAmount);
    expect(kicksDrawer(await fake.nextJob(0))).toBe(true);
    const receipt = printedText(await fake.nextJob(1));
    expect(await receiptChanges(1)).toEqual([order.orderId]);
    expect(receipt).toContain(order.orderNumber);
    expect(receipt).not.toContain('DUPLICAAT');
    expect(await call<ReceiptPrintState>('receipt.state', { orderId: order.orderId })).toEqual({
      printer: 'escpos',
      printed: true,
      problem: null,
    });
    expect(await call<PrintAnswer>('receipt.print', { orderId: order.orderId })).toEqual({
      via: 'printer',
      printed: true,
      duplicate: true,
      problem: null,
    });
    expect(printedText(await fake.nextJob(2))).toContain('DUPLICAAT');
  });

  it('paper out: the sale completes, the clerk learns why, and the print after the paper is back is the original', async () => {
    const anna = clerk(counter);
    await anna.login();
    fake.set('paperOut');
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    const paid = await anna.pay(order.orderId, order.totalAmount);
    expect(paid.payments[0]!.paymentStatuses[0]!.statusCode).toBe('SETTLED');
    expect(kicksDrawer(await fake.nextJob(0))).toBe(true);
    await receiptChanges(1);
    expect(await call<ReceiptPrintState>('receipt.state', { orderId: order.orderId })).toEqual({
      printer: 'escpos',
      printed: false,
      problem: 'paperOut',
    });
    expect(await call<DeviceStates>('devices.states')).toEqual({ terminal: 'none', printer: 'paperOut' });
    expect(changes.at(-1)).toEqual({ terminal: 'none', printer: 'paperOut' });
    fake.set('ready');
    expect(await call<PrintAnswer>('receipt.print', { orderId: order.orderId })).toMatchObject({ printed: true, duplicate: false });
    expect(printedText(await fake.nextJob(1))).not.toContain('DUPLICAAT');
    expect(changes.at(-1)).toEqual({ terminal: 'none', printer: 'ready' });
  });

  it('a manager’s test print reaches the paper; a clerk may not make one', async () => {
    await clerk(counter).login();
    expect(await counter.dispatch('printer.test', {})).toMatchObject({ ok: false, error: { code: 'session.managerOnly' } });
    await clerk(counter).login('mark', '9999');
    expect(await call<PrintAnswer>('printer.test')).toEqual({ via: 'printer', printed: true, duplicate: false, problem: null });
    expect(printedText(await fake.nextJob(0))).toContain('Testafdruk');
  });

  it('a receipt of an order that is not there is refused as not found', async () => {
    await clerk(counter).login();
    expect(await counter.dispatch('receipt.print', { orderId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
  });
});

describe('the customer display', () => {
  it('follows the sale the clerk has open, change by change, and goes blank when none is open or the clerk leaves', async () => {
    const anna = clerk(counter);
    await anna.login();
    const views: unknown[] = [];
    counter.on('display.changed', (view) => views.push(view));
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    expect(await call('display.show', { orderId: order.orderId })).toBe(true);
    expect(await call('display.current')).toMatchObject({ total: order.totalAmount, due: order.totalAmount, change: null });
    await anna.pay(order.orderId, order.totalAmount);
    while (views.length < 2) await new Promise<void>((wake) => counter.on('display.changed', () => wake()));
    expect(views.at(-1)).toMatchObject({ due: 0, paid: order.totalAmount });
    await call('display.show', { orderId: null });
    expect(await call('display.current')).toBeNull();
    await call('display.show', { orderId: order.orderId });
    await counter.dispatch('session.logout', {});
    expect(views.at(-1)).toBeNull();
  });
});
