import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderList } from '../shared/schemas/order';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, pointers, statusOf, type Harness } from './testing/harness';
import { line, paidOrder, setPaymentStatus } from './testing/orders';

/** docs/api.md §7.1, returns by line, over HTTP on both backends: `lines` on a refund, `returnedQuantity` on each line. */

describe.each(scenarios())('returns by line ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  let made = 0;
  const refund = (
    o: Order,
    amountDebit: number,
    lines?: { orderLineId: string; quantity: number }[],
    extra: Record<string, unknown> = {},
  ) =>
    h.call('POST', `${API}/orders/${o.orderId}/refunds`, {
      body: {
        paymentMethodId: h.roles.paymentMethod.paymentMethodId,
        amountDebit,
        operatorPaymentReference: `rl-${++made}`,
        reason: 'ticket returned',
        ...(lines && { lines }),
        ...extra,
      },
    });
  const returned = (o: Order) => o.orderLines.map((l) => l.returnedQuantity);
  /** Three of the plain product on one line, one on another, paid in full. */
  const twoLines = () => paidOrder(h, [line(h.roles.plain, { quantity: 3 }), line(h.roles.plain)]);

  it('every line answers returnedQuantity 0 until something of it is returned', async () => {
    expect(returned(await twoLines())).toEqual([0, 0]);
  });

  it('a return of 2 of 3 gives back their share, counts them on the line, in the order and in a list', async () => {
    const paid = await twoLines();
    const three = paid.orderLines[0]!;
    const share = Math.floor((three.amountInclTax * 2) / 3);
    const after = expectOrder(await refund(paid, share, [{ orderLineId: three.orderLineId, quantity: 2 }]));
    expect(returned(after)).toEqual([2, 0]);
    expect(after.payments[1]).toMatchObject({
      isRefund: true,
      amountDebit: share,
      lines: [{ orderLineId: three.orderLineId, quantity: 2 }],
    });
    expect(statusOf(after).name).toBe('paid');
    expect(returned(expectOrder(await h.call('GET', `${API}/orders/${paid.orderId}`)))).toEqual([2, 0]);
    const listed = (await h.call('GET', `${API}/orders?orderId=${paid.orderId}`)).body as OrderList;
    expect(listed.orders.map(returned)).toEqual([[2, 0]]);
  });

  it('refuses more than is left of a line, an unknown line, and more money than the lines are worth; nothing changes', async () => {
    const paid = await twoLines();
    const [three, one] = paid.orderLines as [Order['orderLines'][number], Order['orderLines'][number]];
    const beyond = expectProblem(await refund(paid, 1, [{ orderLineId: three.orderLineId, quantity: 4 }]), 400);
    expect(beyond.errors).toEqual([
      {
        detail: `order line ${three.orderLineId} has 3 of its 3 left to return`,
        pointer: '/lines/0/quantity',
        orderLineId: three.orderLineId,
      },
    ]);
    const unknown = '00000000-0000-4000-8000-00000000beef';
    expect(pointers(expectProblem(await refund(paid, 1, [{ orderLineId: unknown, quantity: 1 }]), 400))).toEqual(['/lines/0/orderLineId']);
    const tooMuch = expectProblem(await refund(paid, one.amountInclTax + 1, [{ orderLineId: one.orderLineId, quantity: 1 }]), 400);
    expect(tooMuch.errors).toEqual([
      {
        detail: `the refund of these lines must be at most their ${one.amountInclTax} cents`,
        pointer: '/amountDebit',
        amount: one.amountInclTax,
      },
    ]);
    expect(pointers(expectProblem(await refund(paid, 1, [{ orderLineId: one.orderLineId, quantity: 0 }]), 400))).toEqual([
      '/lines/0/quantity',
    ]);
    expect(expectOrder(await h.call('GET', `${API}/orders/${paid.orderId}`))).toEqual(paid);
  });

  it('a pending return holds its quantity until it fails; a full return cancels the order as a full refund does', async () => {
    const paid = await twoLines();
    const [three, one] = paid.orderLines as [Order['orderLines'][number], Order['orderLines'][number]];
    const pending = expectOrder(
      await refund(paid, one.amountInclTax, [{ orderLineId: one.orderLineId, quantity: 1 }], { statusCode: 'PENDING' }),
    );
    expect(returned(pending)).toEqual([0, 1]);
    expectProblem(await refund(pending, 1, [{ orderLineId: one.orderLineId, quantity: 1 }]), 400);
    const failed = await setPaymentStatus(h, pending.payments[1]!.paymentId, 'FAILED');
    expect(returned(failed)).toEqual([0, 0]);
    const all = [
      { orderLineId: three.orderLineId, quantity: 3 },
      { orderLineId: one.orderLineId, quantity: 1 },
    ];
    const full = expectOrder(await refund(failed, paid.totalAmount, all));
    expect(returned(full)).toEqual([3, 1]);
    expect(statusOf(full).name).toBe('cancelled');
  });

  it('a refund without lines returns money only', async () => {
    const paid = await twoLines();
    const after = expectOrder(await refund(paid, 100));
    expect(returned(after)).toEqual([0, 0]);
    expect(after.payments[1]!.lines).toBeUndefined();
  });

  it('the OpenAPI document describes lines on a refund and returnedQuantity on a line', async () => {
    const doc = (await h.call<{ paths: Record<string, { post?: unknown }> }>('GET', `${API}/openapi.json`)).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('returnedQuantity');
    const refundBody = JSON.stringify(doc.paths[`${API}/orders/{orderId}/refunds`]?.post);
    expect(refundBody).toContain('orderLineId');
  });
});
