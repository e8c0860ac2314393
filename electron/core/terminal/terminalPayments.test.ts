import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc';
import type { TerminalPayment, TerminalTotals } from '../../../shared/ipc/terminal';
import { TerminalSimulator } from '../../../devtools/terminalSimulator/simulator';
import { endpointOf } from '../../../devtools/terminalSimulator/endpoint';
import { clerk, latestPayment, STATUS, statusOf, value, type TestCounter } from '../testing/counter';
import { offlineCounterPerTest } from '../testing/offlineCounter';
import { progress, SIMULATOR_CONFIG, stagesSeen, startPin } from '../testing/terminal';

/**
 * PIN payments of a counter through the simulator over HTTPS (docs/api.md §9.2): settled only
 * by the terminal's approval, failed only by its refusal, an unknown outcome asked about.
 */

// A simulator per test, started before and closed after the test's counter (hooks run in stack order).
let sim: TerminalSimulator;
beforeEach(async () => {
  sim = await new TerminalSimulator().start();
});
afterEach(() => sim.close());

const current = offlineCounterPerTest('terminal', 'e1e1e1e1', {
  config: SIMULATOR_CONFIG,
  terminal: { simulator: async () => endpointOf(sim), answerMs: 300, retryMs: 20 },
});
let counter: TestCounter;
beforeEach(async () => {
  counter = current();
  await clerk(counter).login();
});

const newOrder = () => clerk(counter).create([{ productId: 600, quantity: 2 }]);
const payment = async (paymentId: string) =>
  value((await counter.dispatch('terminal.payment', { paymentId })) as IpcResult<TerminalPayment | null>);
const orderOf = async (orderId: string) => (await clerk(counter).get(orderId)).order;
const pinOf = async (orderId: string, paymentId: string) => (await orderOf(orderId)).payments.find((p) => p.paymentId === paymentId)!;

describe('a PIN payment through the terminal', () => {
  it('is PENDING until approved, then SETTLED with the terminal’s receipt kept; the order is paid', async () => {
    const order = await newOrder();
    const approved = progress(counter, (p) => p.stage === 'approved');
    const { order: pending, payment: pin } = await startPin(counter, order.orderId);
    expect(latestPayment(pin)).toBe('PENDING');
    expect(pin.amountDebit).toBe(order.totalAmount);
    expect(statusOf(pending)).not.toBe(STATUS.paid);
    expect(await approved).toMatchObject({ orderId: order.orderId, paymentId: pin.paymentId });
    const after = await orderOf(order.orderId);
    expect(statusOf(after)).toBe(STATUS.paid);
    expect(after.payments.map(latestPayment)).toEqual(['SETTLED']);
    // SaleTransactionID.TransactionID is the payment's operatorPaymentReference, charged once.
    expect(sim.book.chargesOf(pin.operatorPaymentReference)).toEqual([expect.objectContaining({ amount: order.totalAmount })]);
    expect(await payment(pin.paymentId)).toMatchObject({
      stage: 'approved',
      manual: false,
      receipt: expect.arrayContaining([`Amount: EUR ${(order.totalAmount / 100).toFixed(2)}`, 'Result: APPROVED']),
    });
  });

  it('is FAILED on a refusal, with the terminal’s reason; nothing charged', async () => {
    const order = await newOrder();
    sim.next({ kind: 'decline', error: 'WrongPIN' });
    const declined = progress(counter, (p) => p.stage === 'declined');
    const { payment: pin } = await startPin(counter, order.orderId);
    expect(await declined).toMatchObject({ error: 'WrongPIN' });
    const failed = await pinOf(order.orderId, pin.paymentId);
    expect(failed.paymentStatuses[0]).toMatchObject({ statusCode: 'FAILED', statusSubCode: 'WrongPIN' });
    expect(sim.book.chargesOf(pin.operatorPaymentReference)).toEqual([]);
  });

  it('an answer lost after approving is unknown, then SETTLED by inquiry: one charge, no second PaymentRequest', async () => {
    const order = await newOrder();
    sim.next({ kind: 'lose' });
    const seen = stagesSeen(counter);
    const payments: string[] = [];
    sim.on('request', (r) => r.category === 'Payment' && payments.push(r.serviceId));
    const approved = progress(counter, (p) => p.stage === 'approved');
    const { payment: pin } = await startPin(counter, order.orderId);
    await approved;
    expect(seen).toEqual(['card', 'unknown', 'approved']);
    expect(latestPayment(await pinOf(order.orderId, pin.paymentId))).toBe('SETTLED');
    expect(sim.book.chargesOf(pin.operatorPaymentReference)).toHaveLength(1);
    expect(payments).toHaveLength(1);
  });

  it('no answer within the wait: asked about until the terminal tells (here: declined)', async () => {
    const order = await newOrder();
    sim.next({ kind: 'silent', then: 'decline' });
    const declined = progress(counter, (p) => p.stage === 'declined');
    const unknown = progress(counter, (p) => p.stage === 'unknown');
    const { payment: pin } = await startPin(counter, order.orderId);
    await unknown;
    expect(await declined).toMatchObject({ error: 'Cancel' });
    expect(latestPayment(await pinOf(order.orderId, pin.paymentId))).toBe('FAILED');
  });

  it('the clerk stops a waiting payment: FAILED only once the terminal says Aborted', async () => {
    const order = await newOrder();
    sim.next({ kind: 'silent', then: 'approve' });
    const held = once(sim, 'held');
    const declined = progress(counter, (p) => p.stage === 'declined');
    const { payment: pin } = await startPin(counter, order.orderId);
    await held;
    const stopped = value((await counter.dispatch('terminal.stop', { paymentId: pin.paymentId })) as IpcResult<TerminalPayment>);
    // The abort is sent; the payment is FAILED by the terminal's answer to the payment itself.
    expect(['stopping', 'declined']).toContain(stopped.stage);
    expect(await declined).toMatchObject({ error: 'Aborted' });
    expect(latestPayment(await pinOf(order.orderId, pin.paymentId))).toBe('FAILED');
    expect(sim.book.chargesOf(pin.operatorPaymentReference)).toEqual([]);
  });

  it('refuses to settle it by hand, and a PIN payment not started through the terminal', async () => {
    const order = await newOrder();
    sim.next({ kind: 'silent', then: 'decline' });
    const held = once(sim, 'held');
    const declined = progress(counter, (p) => p.stage === 'declined');
    const { payment: pin } = await startPin(counter, order.orderId);
    await held;
    const bySetStatus = await counter.dispatch('payments.setStatus', { paymentId: pin.paymentId, status: { statusCode: 'SETTLED' } });
    expect(bySetStatus).toMatchObject({ ok: false, error: { code: 'terminal.byTerminal' } });
    expect(await counter.dispatch('terminal.confirmManual', { paymentId: pin.paymentId })).toMatchObject({
      ok: false,
      error: { code: 'terminal.notManual' },
    });
    expect(await counter.dispatch('terminal.pay', { orderId: order.orderId })).toMatchObject({
      ok: false,
      error: { code: 'terminal.busy' },
    });
    const byAdd = await counter.dispatch('payments.add', {
      orderId: order.orderId,
      payment: { paymentMethodId: 2, amountDebit: 100, operatorPaymentReference: 'by-hand', statusCode: 'SETTLED' },
    });
    expect(byAdd).toMatchObject({ ok: false, error: { code: 'terminal.byTerminal' } });
    await counter.dispatch('terminal.stop', { paymentId: pin.paymentId });
    await declined;
  });

  it('a refund reverses through the terminal first, part and rest; the totals show it beside the counter’s', async () => {
    const order = await newOrder();
    const approved = progress(counter, (p) => p.stage === 'approved');
    const { payment: pin } = await startPin(counter, order.orderId);
    await approved;
    await clerk(counter).login('mark', '9999');
    const part = await counter.dispatch('terminal.refund', { paymentId: pin.paymentId, amountDebit: 100, reason: 'one ticket unused' });
    expect(part.ok).toBe(true);
    const refunds = (await orderOf(order.orderId)).payments.filter((p) => p.isRefund);
    expect(refunds.map((r) => [r.amountDebit, latestPayment(r)])).toEqual([[100, 'SETTLED']]);
    const [charge] = sim.book.chargesOf(pin.operatorPaymentReference);
    expect(sim.book.reversals.filter((r) => r.poiTransactionId === charge!.poiTransactionId).map((r) => r.amount)).toEqual([100]);
    const tooMuch = await counter.dispatch('terminal.refund', { paymentId: pin.paymentId, amountDebit: order.totalAmount, reason: 'x' });
    expect(tooMuch).toMatchObject({ ok: false });
    expect(sim.book.reversals.filter((r) => r.poiTransactionId === charge!.poiTransactionId)).toHaveLength(1);

    const range = { from: '2024-05-01T00:00:00.000Z', to: '2024-05-02T00:00:00.000Z' };
    const x = value((await counter.dispatch('terminal.totals', { ...range, close: false })) as IpcResult<TerminalTotals>);
    expect(x.counter).toEqual({ debitCount: 1, debitAmount: order.totalAmount, refundCount: 1, refundAmount: 100 });
    expect(x.manual).toEqual({ debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 });
    expect(x.terminal).toEqual(x.counter);
    expect(x.difference).toBe(0);
    const z = value((await counter.dispatch('terminal.totals', { ...range, close: true })) as IpcResult<TerminalTotals>);
    expect(z.terminal).toEqual(x.terminal);
    const after = value((await counter.dispatch('terminal.totals', { ...range, close: false })) as IpcResult<TerminalTotals>);
    expect(after.terminal).toEqual({ debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 });
    expect(after.difference).toBe(-(order.totalAmount - 100));
  });
});
