import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printedText, startFakePrinter, type FakePrinter } from '../../../devtools/escposPrinter/fakePrinter';
import { endpointOf } from '../../../devtools/terminalSimulator/endpoint';
import { TerminalSimulator } from '../../../devtools/terminalSimulator/simulator';
import { clerk, type TestCounter } from '../testing/counter';
import { offlineCounterPerTest } from '../testing/offlineCounter';
import { progress, startPin } from '../testing/terminal';

/**
 * The terminal's receipt text on the sale's receipt (docs/api.md §9.2, §9.3): kept with the
 * payment when the terminal approves it, printed under the PIN payment on the network printer,
 * on the original and on a reprint alike.
 */

let sim: TerminalSimulator;
let fake: FakePrinter;
beforeEach(async () => {
  sim = await new TerminalSimulator().start();
  fake = await startFakePrinter();
});
afterEach(async () => {
  await sim.close();
  await fake.close();
});

const current = offlineCounterPerTest('terminal-receipt', 'e2e2e2e2', {
  // Read when the counter opens, after the fake printer has its port.
  get config() {
    return { config: { terminal: { url: 'simulator' as const }, printer: { url: fake.url } }, sources: {}, file: null };
  },
  terminal: { simulator: async () => endpointOf(sim), answerMs: 2_000, retryMs: 20 },
  devicePollMs: 0,
});
let counter: TestCounter;
beforeEach(async () => {
  counter = current();
  await clerk(counter).login();
});

describe('a sale paid by PIN through the terminal', () => {
  it('prints the terminal’s receipt lines under the PIN payment, by itself, and again on a reprint', async () => {
    const order = await clerk(counter).create([{ productId: 600, quantity: 2 }]);
    const approved = progress(counter, (p) => p.stage === 'approved');
    await startPin(counter, order.orderId);
    await approved;
    const text = printedText(await fake.nextJob(0));
    const [charge] = sim.book.charges;
    const lines = text.split('\n').map((l) => l.trim());
    const pin = lines.findIndex((l) => /^Pinbetaling/.test(l));
    expect(pin).toBeGreaterThan(-1);
    // The terminal's "name: value" lines follow the payment they belong to, as the terminal worded them.
    expect(lines.slice(pin + 1, pin + 6)).toEqual([
      'Terminal simulator',
      'Card: **** **** **** 0004',
      `Amount: EUR ${(order.totalAmount / 100).toFixed(2)}`,
      `Transaction: ${charge!.poiTransactionId}`,
      'Result: APPROVED',
    ]);
    expect(text).not.toContain('DUPLICAAT');

    expect(await counter.dispatch('receipt.print', { orderId: order.orderId })).toMatchObject({
      ok: true,
      value: { printed: true, duplicate: true },
    });
    const reprint = printedText(await fake.nextJob(1));
    expect(reprint).toContain('DUPLICAAT');
    expect(reprint).toContain('Card: **** **** **** 0004');
  });
});
