import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PinTotals } from '../../../shared/ipc/terminal';
import type { DayReport } from '../../../shared/manager/types';
import { endpointOf } from '../../../devtools/terminalSimulator/endpoint';
import { TerminalSimulator } from '../../../devtools/terminalSimulator/simulator';
import { clerk, latestPayment } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { progress, SIMULATOR_CONFIG, startPin } from '../testing/terminal';

/**
 * The terminal at the day's close (docs/api.md §9.2, docs/counter.md §15), with the simulator
 * over HTTPS: the Z closes the terminal's period by itself and shows its totals beside the
 * counter's; a terminal that fails there never blocks the close; an approval that comes after
 * the Z is refused by the closed day, its exchange stays open, and it is recorded on the next
 * open day, the day its money counts in.
 */

let sim: TerminalSimulator;
beforeEach(async () => {
  sim = await new TerminalSimulator().start();
});
afterEach(() => sim.close());

const m = managerCounter('2026-11-27T09:00:00.000Z', {
  config: SIMULATOR_CONFIG,
  terminal: { simulator: async () => endpointOf(sim), answerMs: 300, retryMs: 20, heldMs: 20 },
});

const PIN = 2;
const NONE: PinTotals = { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 };
const FLOAT = { '1000': 1 };

/** Opens the day and sells one order by PIN through the terminal; answers its total. */
async function dayWithAPinSale(): Promise<number> {
  await m.asMark();
  await m.call('day.open', { float: FLOAT });
  const order = await clerk(m.counter).create([{ productId: 600, quantity: 2 }]);
  const approved = progress(m.counter, (p) => p.stage === 'approved');
  await startPin(m.counter, order.orderId);
  await approved;
  return order.totalAmount;
}

const pinOf = (report: DayReport) => report.methods.find((x) => x.paymentMethodId === PIN)?.payments ?? 0;

describe('the Z closes the terminal’s period by itself', () => {
  it('Reconciliation at the close: the terminal’s totals beside the counter’s, kept with the Z for its reprints', async () => {
    const total = await dayWithAPinSale();
    const asked: string[] = [];
    sim.on('request', (r) => asked.push(r.category));
    const z = await m.call('day.close', { counted: FLOAT, note: '' });
    const sold = { debitCount: 1, debitAmount: total, refundCount: 0, refundAmount: 0 };
    expect(z.terminal).toEqual({
      terminal: sold,
      counter: sold,
      manual: NONE,
      difference: 0,
      error: null,
      at: '2026-11-27T09:00:00.000Z',
    });
    expect(asked).toEqual(['Reconciliation']);
    // The terminal's period is closed: it starts again from nothing.
    const after = await m.call('terminal.totals', { from: z.from, to: z.to, close: false });
    expect(after.terminal).toEqual(NONE);
    expect((await m.call('day.zReport', { businessDate: z.businessDate })).terminal).toEqual(z.terminal);
  });

  it('a terminal that fails there does not block the close: its reason is kept with the Z, and the period is closed again from it', async () => {
    const total = await dayWithAPinSale();
    sim.book.totalsBusy = true;
    const z = await m.call('day.close', { counted: FLOAT, note: '' });
    expect(z.state).toBe('closed');
    expect(z.terminal).toMatchObject({ terminal: null, difference: null, error: 'Busy' });
    expect(z.terminal?.counter).toEqual({ debitCount: 1, debitAmount: total, refundCount: 0, refundAmount: 0 });
    expect(await m.call('day.status', {})).toMatchObject({ businessDate: '2026-11-27', state: 'closed' });
    expect((await m.call('day.zReport', { businessDate: z.businessDate })).terminal?.error).toBe('Busy');

    sim.book.totalsBusy = false;
    const again = await m.call('terminal.totals', { from: z.from, to: z.to, close: true, businessDate: z.businessDate });
    expect(again).toMatchObject({ error: null, difference: 0 });
    const reprint = await m.call('day.zReport', { businessDate: z.businessDate });
    expect(reprint.terminal).toMatchObject({ terminal: { debitCount: 1, debitAmount: total }, error: null, difference: 0 });
  });

  it('an unreachable terminal is kept as such, and the day is closed', async () => {
    await dayWithAPinSale();
    await sim.close();
    const z = await m.call('day.close', { counted: FLOAT, note: '' });
    expect(z.state).toBe('closed');
    expect(z.terminal).toMatchObject({ terminal: null, error: 'unreachable' });
  });
});

describe('an approval that comes after the day’s Z', () => {
  it('is refused by the closed day, its exchange stays open, and it is recorded on the next open day, once', async () => {
    await m.asMark();
    await m.call('day.open', { float: FLOAT });
    const order = await clerk(m.counter).create([{ productId: 600, quantity: 2 }]);
    // The card is at the terminal while the manager closes the day.
    sim.next({ kind: 'silent', then: 'approve' });
    const held = once(sim, 'held');
    const payments: string[] = [];
    let charged = false;
    let asked = 0;
    const askedTwiceAfterCharge = new Promise<void>((resolve) => {
      sim.on('settled', () => (charged = true));
      sim.on('request', (r) => {
        if (r.category === 'Payment') payments.push(r.serviceId);
        // The first question after the charge is answered "approved"; a second one comes only
        // if recording that answer was refused.
        if (charged && r.category === 'TransactionStatus' && ++asked === 2) resolve();
      });
    });
    const { payment: pin } = await startPin(m.counter, order.orderId);
    await held;
    const z = await m.call('day.close', { counted: FLOAT, note: '' });
    await askedTwiceAfterCharge;

    expect(sim.book.chargesOf(pin.operatorPaymentReference)).toHaveLength(1);
    const pending = (await m.call('orders.get', { orderId: order.orderId })).order.payments.find((p) => p.paymentId === pin.paymentId)!;
    expect(pending.paymentStatuses.map((s) => s.statusCode)).toEqual(['PENDING']);
    expect(await m.call('terminal.payment', { paymentId: pin.paymentId })).toMatchObject({ stage: 'unknown' });
    expect(pinOf(z)).toBe(0);

    // The next business day: the terminal's word is recorded then, in that day.
    const approved = progress(m.counter, (p) => p.paymentId === pin.paymentId && p.stage === 'approved');
    m.clock.set('2026-11-28T08:00:00.000Z');
    await approved;
    const settled = (await m.call('orders.get', { orderId: order.orderId })).order.payments.find((p) => p.paymentId === pin.paymentId)!;
    expect(settled.paymentStatuses.map((s) => s.statusCode)).toEqual(['SETTLED', 'PENDING']);
    expect(latestPayment(settled)).toBe('SETTLED');
    expect(settled.paymentStatuses[0]!.createdOn).toBe('2026-11-28T08:00:00.000Z');
    expect(payments).toHaveLength(1);
    expect(sim.book.chargesOf(pin.operatorPaymentReference)).toHaveLength(1);
    expect(pinOf(await m.call('day.xReport', {}))).toBe(order.totalAmount);
    expect(pinOf(await m.call('day.zReport', { businessDate: '2026-11-27' }))).toBe(0);
  });
});
