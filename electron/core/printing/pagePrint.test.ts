import { beforeEach, describe, expect, it } from 'vitest';
import { printedText, startFakePrinter } from '../../../devtools/escposPrinter/fakePrinter';
import type { IpcResult, PrintAnswer } from '../../../shared/ipc';
import { clerk, value } from '../testing/counter';
import { offlineCounterPerTest } from '../testing/offlineCounter';
import type { PageOutcome, PagePrinter } from './pagePrinter';

/**
 * The page on the OS printer (docs/api.md §9.3): the printing area sends a report, or a receipt of
 * a `system` printer (`via: page`), through the host's port to the printer the settings name. A
 * stand-in port records what it was asked and answers as the test says.
 */

/** The printers the port was asked for, in order (null: the system's default), and its next answers. */
const asked: (string | null)[] = [];
const answers: PageOutcome[] = [];
const port: PagePrinter = {
  print: async (printerName) => {
    asked.push(printerName);
    return answers.shift() ?? { printed: true };
  },
};

const current = offlineCounterPerTest('page-print', '9a9e0000', { autoSync: false, pagePrinter: port });
const call = async <T>(channel: string, input: unknown = {}) => {
  const counter = current();
  return value((await counter.dispatch(channel, input)) as IpcResult<T>, channel);
};

// Each test: nothing asked yet, and the port prints unless the test says otherwise.
beforeEach(() => {
  asked.length = 0;
  answers.length = 0;
});

/** A sale of one product by Anna, logged in. */
async function sale() {
  const anna = clerk(current());
  await anna.login();
  return anna.create([{ productId: 600, quantity: 1 }]);
}

describe('a receipt of the OS printer', () => {
  it('goes to the system’s default printer and is answered printed; the next one is a duplicate', async () => {
    const { orderId } = await sale();
    expect(await call<PrintAnswer>('receipt.print', { orderId })).toEqual({ via: 'page', printed: true, duplicate: false, problem: null });
    expect(await call<PrintAnswer>('receipt.print', { orderId })).toEqual({ via: 'page', printed: true, duplicate: true, problem: null });
    expect(asked).toEqual([null, null]);
  });

  it('goes to the printer the manager named in the settings', async () => {
    await clerk(current()).login('mark', '9999');
    await call('settings.set', { printerName: 'Epson TM-T88' });
    const { orderId } = await sale();
    await call<PrintAnswer>('receipt.print', { orderId });
    await call('page.print');
    expect(asked).toEqual(['Epson TM-T88', 'Epson TM-T88']);
  });

  it('that did not print is refused with the printer’s reason', async () => {
    const { orderId } = await sale();
    answers.push({ printed: false, reason: 'cancelled' });
    expect(await current().dispatch('receipt.print', { orderId })).toMatchObject({
      ok: false,
      error: { kind: 'internal', code: 'receipt.notPrinted', params: { reason: 'cancelled' } },
    });
    expect(asked).toEqual([null]);
  });
});

describe('a receipt the page does not print', () => {
  it('with no printer: answered via none, the port is not asked', async () => {
    await clerk(current()).login('mark', '9999');
    await call('settings.set', { printerUrl: 'none' });
    const { orderId } = await sale();
    expect(await call<PrintAnswer>('receipt.print', { orderId })).toEqual({ via: 'none', printed: false, duplicate: false, problem: null });
    expect(asked).toEqual([]);
  });

  it('on a network printer: printed there, the port is not asked', async () => {
    const printer = await startFakePrinter();
    try {
      await clerk(current()).login('mark', '9999');
      await call('settings.set', { printerUrl: printer.url });
      const { orderId, orderNumber } = await sale();
      expect(await call<PrintAnswer>('receipt.print', { orderId })).toEqual({
        via: 'printer',
        printed: true,
        duplicate: false,
        problem: null,
      });
      expect(printedText(await printer.nextJob(0))).toContain(orderNumber);
      expect(asked).toEqual([]);
    } finally {
      await printer.close();
    }
  });

  it('of an order that is not there: refused as not found, the port is not asked', async () => {
    await clerk(current()).login();
    expect(await current().dispatch('receipt.print', { orderId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(asked).toEqual([]);
  });
});

describe('a report (page.print)', () => {
  it('goes to the port and is answered printed', async () => {
    await clerk(current()).login();
    expect(await call('page.print')).toEqual({ printed: true });
    expect(asked).toEqual([null]);
  });

  it('that did not print is refused with the printer’s reason', async () => {
    await clerk(current()).login();
    answers.push({ printed: false, reason: 'failed' });
    expect(await current().dispatch('page.print', {})).toMatchObject({
      ok: false,
      error: { kind: 'internal', code: 'receipt.notPrinted', params: { reason: 'failed' } },
    });
  });

  it('is refused to nobody logged in, and the port is not asked', async () => {
    expect(await current().dispatch('page.print', {})).toMatchObject({ ok: false, error: { kind: 'unauthenticated' } });
    expect(asked).toEqual([]);
  });
});
