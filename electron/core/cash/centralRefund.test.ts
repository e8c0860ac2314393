import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcOutputs, IpcResult } from '../../../shared/ipc';
import { signChannelToken } from '../../../server/auth';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralCall, counterToken, startTestCentral, TEST_SECRET, TOUCHPOINT } from '../testing/central';
import { clerk, openCounter, settleFully, value, type TestCounter } from '../testing/counter';

/**
 * docs/counter.md §17: a refund made on the central (it carries refundedBy, docs/api.md §7.1)
 * arrives at the counter by pull. X and Z show it as a refund from the central, in its method's
 * figures (as the central reconciles them) but not in the drawer's expected cash, nor in any
 * clerk's or session's cash: no cash of this drawer changed hands.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central;
let counter: TestCounter;

beforeEach(async () => {
  folder = tempDir('counter-central-refund-');
  central = await startTestCentral(folder.dir);
  counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    central: { url: central.url, bearerToken: await counterToken() },
  });
});
afterEach(async () => {
  await counter.close();
  await central.close();
  folder.remove();
});

const call = async <C extends keyof IpcOutputs>(channel: C, input: unknown) =>
  value((await counter.dispatch(channel, input)) as IpcResult<IpcOutputs[C]>, channel);

describe('a refund made on the central, at the counter', () => {
  it('is shown apart, and leaves the drawer’s expected cash, the clerk’s and the session’s cash as they were', async () => {
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    // A float of €50.00; one €3.40 ticket (product 600) paid in cash by Mark.
    await call('day.open', { float: { '5000': 1 } });
    const order = await mark.create([{ productId: 600, quantity: 1 }]);
    expect(order.totalAmount).toBe(340);
    const paid = await mark.pay(order.orderId, 340);
    await settleFully(counter);

    // At the central, a desk refunds €1.00 of it in cash, with a token of its own.
    const desk = await signChannelToken(TEST_SECRET, { sub: 'operator-desk-7', touchpointId: TOUCHPOINT }, '1h');
    const { central_order_id: there } = counter.test.db
      .prepare('SELECT central_order_id FROM sync_orders WHERE order_id = ?')
      .get(order.orderId) as { central_order_id: string };
    const made = await centralCall(central.url, desk, 'POST', `/orders/${there}/refunds`, {
      paymentMethodId: paid.payments[0]!.paymentMethod.paymentMethodId,
      amountDebit: 100,
      operatorPaymentReference: 'desk-refund-1',
      reason: 'delayed train',
    });
    expect(made.status).toBe(200);
    await settleFully(counter);
    const local = (await mark.get(order.orderId)).order;
    expect(local.payments.map((p) => [p.isRefund, p.amountDebit, p.refundedBy])).toEqual([
      [false, 340, undefined],
      [true, 100, 'operator-desk-7'],
    ]);

    const x = await call('day.xReport', {});
    // The method's figures hold the refund (the central's figures do too)…
    expect(x.methods.map((m) => [m.payments, m.refunds, m.expected])).toEqual([[340, 100, 240]]);
    // …the drawer does not: €50.00 float + €3.40.
    expect(x.cash.expected).toBe(5340);
    expect(x.centralRefunds).toEqual({ count: 1, amount: 100 });
    expect(x.clerks).toEqual([
      {
        clerk: { staffId: 'mark', name: 'Mark Jansen' },
        taken: 340,
        payments: 1,
        givenBack: 0,
        refunds: 0,
        paidIn: 0,
        paidOut: 0,
        drops: 0,
        noSales: 0,
        net: 340,
      },
    ]);
    expect(x.sessions!.map((s) => [s.float, s.cashSales, s.expected])).toEqual([[5000, 340, 5340]]);
    // Counted as expected: the day closes without a difference.
    const z = await call('day.close', { counted: { '5000': 1, '200': 1, '100': 1, '20': 2 }, note: '' });
    expect(z.cash).toMatchObject({ expected: 5340, counted: 5340, difference: 0 });
  });
});
