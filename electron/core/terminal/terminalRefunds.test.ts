import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpointOf } from '../../../devtools/terminalSimulator/endpoint';
import { TerminalSimulator } from '../../../devtools/terminalSimulator/simulator';
import { tempDir } from '../../../server/testing/fixtures';
import { countingIds, testClock } from '../testing/clock';
import { clerk, latestPayment, openCounter, type TestCounter } from '../testing/counter';
import { progress, SIMULATOR_CONFIG, startPin } from '../testing/terminal';

/**
 * Refunds of PIN payments through the terminal (docs/api.md §9.2, docs/counter.md §15), with
 * the simulator over HTTPS: the reversal is kept before it is sent, so one whose answer was
 * lost is asked about, and one the terminal did before the counter stopped is recorded after
 * the restart on the same data folder, exactly once, in the name of the manager who asked.
 */

let sim: TerminalSimulator;
let folder: ReturnType<typeof tempDir>;
let counter: TestCounter | null;
beforeEach(async () => {
  sim = await new TerminalSimulator().start();
  folder = tempDir('counter-refunds-');
  counter = null;
});
afterEach(async () => {
  await counter?.close();
  await sim.close();
  folder.remove();
});

async function open(ids: string) {
  counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    clock: testClock('2026-11-27T10:00:00.000Z'),
    newId: countingIds(ids),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable-central-token' },
    config: SIMULATOR_CONFIG,
    terminal: { simulator: async () => endpointOf(sim), answerMs: 2_000, retryMs: 20, heldMs: 20 },
    devicePollMs: 0,
  });
  await clerk(counter).login('mark', '9999');
  return counter;
}

/** A paid PIN sale: its order id, the PIN payment and what the terminal charged. */
async function paidByPin(c: TestCounter) {
  const order = await clerk(c).create([{ productId: 600, quantity: 2 }]);
  const approved = progress(c, (p) => p.stage === 'approved');
  const { payment } = await startPin(c, order.orderId);
  await approved;
  return { orderId: order.orderId, pin: payment, charge: sim.book.chargesOf(payment.operatorPaymentReference)[0]! };
}

const refundsOf = async (c: TestCounter, orderId: string) =>
  (await clerk(c).get(orderId)).order.payments.filter((p) => p.isRefund).map((p) => [p.amountDebit, latestPayment(p)]);
const reversalRequests = () => {
  const seen: string[] = [];
  sim.on('request', (r) => r.category === 'Reversal' && seen.push(r.serviceId));
  return seen;
};
const refundAudit = (c: TestCounter) =>
  c.test.db.prepare(`SELECT staff_id AS staffId, outcome, detail FROM audit_log WHERE action = 'terminal.refund' ORDER BY seq`).all();

describe('a reversal whose answer is lost', () => {
  it('is asked about at once and its refund recorded: one reversal, one refund', async () => {
    const c = await open('f1f1f1f1');
    const { orderId, pin, charge } = await paidByPin(c);
    const sent = reversalRequests();
    sim.book.reversalAnswer = 'lose';
    const answer = await c.dispatch('terminal.refund', { paymentId: pin.paymentId, amountDebit: 100, reason: 'one ticket unused' });
    expect(answer.ok).toBe(true);
    expect(await refundsOf(c, orderId)).toEqual([[100, 'SETTLED']]);
    expect(sim.book.reversals).toEqual([{ poiTransactionId: charge.poiTransactionId, amount: 100 }]);
    expect(sent).toHaveLength(1);
    expect(refundAudit(c)).toEqual([{ staffId: 'mark', outcome: 'done', detail: expect.stringContaining('one ticket unused') }]);
  });

  it('and the questions about it too: the manager is told, and the refund is recorded once the terminal says', async () => {
    const c = await open('f2f2f2f2');
    const { orderId, pin } = await paidByPin(c);
    sim.book.reversalAnswer = 'lose';
    sim.dropStatus = 2;
    const answer = await c.dispatch('terminal.refund', { paymentId: pin.paymentId, amountDebit: 100, reason: 'one ticket unused' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'terminal.reversalUnknown' } });
    // Meanwhile no second reversal of the payment is sent.
    const again = await c.dispatch('terminal.refund', { paymentId: pin.paymentId, amountDebit: 100, reason: 'again' });
    expect(again).toMatchObject({ ok: false, error: { code: 'terminal.reversalOpen' } });
    await refunded(c, orderId);
    expect(await refundsOf(c, orderId)).toEqual([[100, 'SETTLED']]);
    expect(sim.book.reversals).toHaveLength(1);
  });
});

describe('a reversal the terminal did before the counter stopped', () => {
  it('is asked about after the restart on the same data folder, and its refund recorded exactly once, as the manager’s', async () => {
    let c = await open('f3f3f3f3');
    const { orderId, pin, charge } = await paidByPin(c);
    const sent = reversalRequests();
    // The terminal reverses, but neither its answer nor any answer about it reaches this counter.
    sim.book.reversalAnswer = 'lose';
    sim.dropStatus = 1_000;
    const answer = await c.dispatch('terminal.refund', { paymentId: pin.paymentId, amountDebit: 300, reason: 'trip cancelled' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'terminal.reversalUnknown' } });
    await c.close();
    counter = null;
    expect(sim.book.reversals).toEqual([{ poiTransactionId: charge.poiTransactionId, amount: 300 }]);

    sim.dropStatus = 0;
    c = await openCounterAfterRestart(orderId);
    expect(await refundsOf(c, orderId)).toEqual([[300, 'SETTLED']]);
    expect(sent).toHaveLength(1);
    expect(sim.book.reversals).toHaveLength(1);
    // The trail: the manager's call answered "not known yet", then the refund done in their name, once.
    expect(refundAudit(c)).toEqual([
      { staffId: 'mark', outcome: 'refused', detail: expect.stringContaining('terminal.reversalUnknown') },
      { staffId: 'mark', outcome: 'done', detail: expect.stringContaining('trip cancelled') },
    ]);

    // Another restart records nothing again.
    await c.close();
    counter = null;
    c = await open('f5f5f5f5');
    expect(await refundsOf(c, orderId)).toEqual([[300, 'SETTLED']]);
    expect(refundAudit(c)).toHaveLength(2);
  });
});

/** Opens the counter again and waits until the resumed reversal's refund is recorded (other changes of the order may come first). */
async function openCounterAfterRestart(orderId: string): Promise<TestCounter> {
  const c = await open('f4f4f4f4');
  await refunded(c, orderId);
  return c;
}

/** Resolves once the order holds a refund: checked now and after each of its changes. */
function refunded(c: TestCounter, orderId: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () =>
      refundsOf(c, orderId).then((refunds) => {
        if (refunds.length === 0) return;
        off();
        resolve();
      }, reject);
    const off = c.on('orders.changed', ({ orderId: id }) => void (id === orderId && check()));
    void check();
  });
}
