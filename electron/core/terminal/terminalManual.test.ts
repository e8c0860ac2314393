import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc';
import type { TerminalSetup, TerminalTotals } from '../../../shared/ipc/terminal';
import type { DayReport } from '../../../shared/manager/types';
import { clerk, latestPayment, STATUS, statusOf, value, type TestCounter } from '../testing/counter';
import { offlineCounterPerTest } from '../testing/offlineCounter';
import { startPin } from '../testing/terminal';

/**
 * No terminal (`terminal.url` none, the default beside a real central): the clerk confirms
 * what the stand-alone terminal showed, recorded as manual, audited with who, and totalled
 * apart (docs/api.md §9.2).
 */

const current = offlineCounterPerTest('terminal-manual', 'e2e2e2e2');
let counter: TestCounter;
beforeEach(async () => {
  counter = current();
  await clerk(counter).login();
});

const auditRows = () =>
  counter.test.db.prepare("SELECT staff_id, action, outcome, order_id FROM audit_log WHERE action LIKE 'terminal.%' ORDER BY seq").all();

describe('a PIN payment on a stand-alone terminal', () => {
  it('is confirmed by the clerk: SETTLED as manual, audited with who, and apart in the totals', async () => {
    expect(value((await counter.dispatch('terminal.setup', {})) as IpcResult<TerminalSetup>)).toEqual({ kind: 'none' });
    const order = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    const { payment } = await startPin(counter, order.orderId);
    expect(latestPayment(payment)).toBe('PENDING');
    const confirmed = await counter.dispatch('terminal.confirmManual', { paymentId: payment.paymentId });
    expect(confirmed.ok).toBe(true);
    const after = (await clerk(counter).get(order.orderId)).order;
    expect(statusOf(after)).toBe(STATUS.paid);
    expect(after.payments[0]!.paymentStatuses[0]).toMatchObject({ statusCode: 'SETTLED', statusSubCode: 'MANUAL' });
    expect(auditRows()).toEqual([{ staff_id: 'anna', action: 'terminal.confirmManual', outcome: 'done', order_id: null }]);

    await clerk(counter).login('mark', '9999');
    const range = { from: '2024-05-01T00:00:00.000Z', to: '2024-05-02T00:00:00.000Z', close: false };
    const totals = value((await counter.dispatch('terminal.totals', range)) as IpcResult<TerminalTotals>);
    expect(totals).toEqual({
      terminal: null,
      counter: { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 },
      manual: { debitCount: 1, debitAmount: order.totalAmount, refundCount: 0, refundAmount: 0 },
      difference: null,
      error: null,
    });
    // The X report (and the Z, from the same figures) totals the confirmation apart, on screen and in its files.
    const x = value((await counter.dispatch('day.xReport', {})) as IpcResult<DayReport>);
    expect(x.manual).toEqual([
      {
        paymentMethodId: payment.paymentMethod.paymentMethodId,
        name: payment.paymentMethod.name,
        payments: order.totalAmount,
        paymentCount: 1,
        refunds: 0,
        refundCount: 0,
        expected: order.totalAmount,
      },
    ]);
  });

  it('is FAILED when the clerk says the stand-alone terminal did not approve it', async () => {
    const order = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    const { payment } = await startPin(counter, order.orderId);
    await counter.dispatch('terminal.stop', { paymentId: payment.paymentId });
    const after = (await clerk(counter).get(order.orderId)).order;
    expect(after.payments.map(latestPayment)).toEqual(['FAILED']);
    // A terminal test needs a terminal.
    await clerk(counter).login('mark', '9999');
    expect(await counter.dispatch('terminal.test', {})).toMatchObject({ ok: false, error: { code: 'terminal.none' } });
  });
});
