import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { startCentral, type Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralOrders, counterToken, TEST_SECRET } from '../testing/central';
import { clerk, openCounter, settleFully, type TestCounter } from '../testing/counter';
import { freePort } from '../testing/processes';

/**
 * Returns by line at the counter (docs/counter.md §19): a manager's, or a clerk's with a
 * manager's PIN given at the till, recorded as that manager's approval; the return reaches the
 * central with its lines, once.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central;
let counter: TestCounter;
let token: string;
let url: string;

beforeEach(async () => {
  folder = tempDir('counter-returns-');
  token = await counterToken();
  const port = await freePort();
  central = await startCentral({ db: join(folder.dir, 'central.sqlite'), port, jwtSecret: TEST_SECRET, logger: false });
  url = `http://127.0.0.1:${port}`;
  counter = await openCounter({ dataDir: folder.dir, database: join(folder.dir, 'counter.sqlite'), central: { url, bearerToken: token } });
});
afterEach(async () => {
  await counter.close();
  await central.close();
  folder.remove();
});

let references = 0;
const giveBack = (
  order: Order,
  lines: { orderLineId: string; quantity: number }[],
  amountDebit: number,
  approval?: { staffId: string; pin: string },
) =>
  counter.dispatch('returns.refund', {
    orderId: order.orderId,
    refund: { paymentMethodId: 1, amountDebit, operatorPaymentReference: `back-${++references}`, reason: 'trip cancelled', lines },
    ...(approval && { approval }),
  }) as Promise<IpcResult<CounterOrder>>;

/** Three single journeys (340 each) on one line and a return journey (640) on another, paid in cash by Anna. */
async function soldByAnna() {
  const anna = clerk(counter);
  await anna.login('anna', '1234');
  const order = await anna.create([{ productId: 600, quantity: 3 }]);
  return anna.pay(order.orderId, order.totalAmount);
}

const auditRows = () =>
  counter.test.db.prepare("SELECT staff_id AS who, outcome, detail FROM audit_log WHERE action = 'returns.refund' ORDER BY seq").all() as {
    who: string;
    outcome: string;
    detail: string;
  }[];

describe('returns by line at the counter', () => {
  it('a clerk needs a manager’s PIN: none, a wrong one or a clerk’s is refused, and nothing changes', async () => {
    const paid = await soldByAnna();
    const line = [{ orderLineId: paid.orderLines[0]!.orderLineId, quantity: 1 }];
    expect(await giveBack(paid, line, 340)).toMatchObject({ ok: false, error: { code: 'returns.approvalNeeded' } });
    expect(await giveBack(paid, line, 340, { staffId: 'mark', pin: '0000' })).toMatchObject({
      ok: false,
      error: { code: 'session.wrongPin' },
    });
    expect(await giveBack(paid, line, 340, { staffId: 'anna', pin: '1234' })).toMatchObject({
      ok: false,
      error: { code: 'returns.managerPinOnly' },
    });
    const still = (await clerk(counter).get(paid.orderId)).order;
    expect(still.payments.filter((p) => p.isRefund)).toEqual([]);
    expect(auditRows().map((r) => [r.who, r.outcome])).toEqual([
      ['anna', 'refused'],
      ['anna', 'refused'],
      ['anna', 'refused'],
    ]);
  });

  it('with a manager’s PIN the clerk returns 2 of 3; the audit row is the clerk’s, approved by the manager; Anna stays logged in', async () => {
    const paid = await soldByAnna();
    const lineId = paid.orderLines[0]!.orderLineId;
    const answer = await giveBack(paid, [{ orderLineId: lineId, quantity: 2 }], 680, { staffId: 'mark', pin: '9999' });
    expect(answer.ok ? null : answer.error).toBeNull();
    const order = (answer as { value: CounterOrder }).value.order;
    expect(order.orderLines.map((l) => l.returnedQuantity)).toEqual([2]);
    expect(order.payments.filter((p) => p.isRefund).map((p) => [p.amountDebit, p.lines])).toEqual([
      [680, [{ orderLineId: lineId, quantity: 2 }]],
    ]);
    const [row] = auditRows();
    expect(row!.who).toBe('anna');
    expect(JSON.parse(row!.detail)).toEqual({
      values: { items: { text: '2× Enkele reis stad' }, amount: { money: 680 }, method: { method: 1 }, approver: { text: 'Mark Jansen' } },
      note: 'trip cancelled',
    });
    expect(counter.test.db.prepare('SELECT count(*) AS n FROM order_fact_lines WHERE returned_quantity = 2').get()).toEqual({ n: 1 });
    expect((await counter.dispatch('session.current', {})) as IpcResult<unknown>).toMatchObject({ value: { staffId: 'anna' } });
  });

  it('a manager returns without a PIN; the return reaches the central with its lines, once', async () => {
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    const order = await mark.create([{ productId: 600, quantity: 3 }]);
    const paid = await mark.pay(order.orderId, order.totalAmount);
    const lineId = paid.orderLines[0]!.orderLineId;
    expect((await giveBack(paid, [{ orderLineId: lineId, quantity: 1 }], 340)).ok).toBe(true);
    expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    expect((await settleFully(counter)).status.pending).toBe(0);
    const [there] = await centralOrders(url, token);
    const refunds = there!.payments.filter((p) => p.isRefund);
    expect(refunds.map((p) => [p.amountDebit, p.lines])).toEqual([
      [340, [{ orderLineId: there!.orderLines[0]!.orderLineId, quantity: 1 }]],
    ]);
    expect(there!.orderLines.map((l) => l.returnedQuantity)).toEqual([1]);
    // More than is left is refused at the counter as at the central.
    expect(await giveBack(paid, [{ orderLineId: lineId, quantity: 3 }], 340)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });
});
