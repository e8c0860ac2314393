import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, pointers, statusOf, type Harness } from './testing/harness';
import { createOrder, line, paidOrder, pay } from './testing/orders';

/** docs/api.md §8: a line or a payment sent twice (a retry, a late original) is stored once. */

describe.each(scenarios())('repeated lines and payments ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const read = async (o: Order) => expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`));
  const addLine = (o: Order, externalOrderLineId: string, quantity = 1) =>
    h.call('POST', `${API}/orders/${o.orderId}/orderlines`, { body: line(h.roles.plain, { externalOrderLineId, quantity }) });
  const money = (o: Order, kind: 'payments' | 'refunds', operatorPaymentReference: string, amountDebit: number) =>
    h.call('POST', `${API}/orders/${o.orderId}/${kind}`, {
      body: {
        paymentMethodId: h.roles.paymentMethod.paymentMethodId,
        amountDebit,
        operatorPaymentReference,
        statusCode: 'SETTLED',
        reason: 'not used',
      },
    });

  it('a repeated externalOrderLineId adds nothing and answers 409 with the existing orderLineId', async () => {
    const o = await createOrder(h, [line(h.roles.plain, { externalOrderLineId: 'line-a' })]);
    const added = expectOrder(await addLine(o, 'line-b'));
    const before = await read(o);
    const repeat = expectProblem(await addLine(o, 'line-b', 3), 409);
    expect(repeat.errors).toEqual([
      expect.objectContaining({ pointer: '/externalOrderLineId', orderLineId: added.orderLines[1]!.orderLineId }),
    ]);
    expect(expectProblem(await addLine(o, 'line-a'), 409).errors[0]!.orderLineId).toBe(o.orderLines[0]!.orderLineId);
    expect(await read(o)).toEqual(before);
  });

  it('a repeat is a 409 even after the order has moved on (a late original already paid it)', async () => {
    const o = await createOrder(h, [line(h.roles.plain, { externalOrderLineId: 'line-a' })]);
    const paid = await pay(h, o, { statusCode: 'SETTLED' });
    expect(statusOf(paid).name).toBe('paid');
    expect(expectProblem(await addLine(o, 'line-a'), 409).errors[0]!.orderLineId).toBe(o.orderLines[0]!.orderLineId);
    // A new line on a paid order is still refused for its status.
    expect(expectProblem(await addLine(o, 'line-new'), 400).errors[0]!.orderStatusId).toBeDefined();
  });

  it('lines of one new order may not share an externalOrderLineId; other orders may reuse it', async () => {
    const res = await h.call('POST', `${API}/orders`, {
      body: {
        languageId: h.roles.language.languageId,
        orderLines: [line(h.roles.plain, { externalOrderLineId: 'x' }), line(h.roles.plain, { externalOrderLineId: 'x' })],
      },
    });
    expect(pointers(expectProblem(res, 400))).toEqual(['/orderLines/1/externalOrderLineId']);
    const a = await createOrder(h, [line(h.roles.plain, { externalOrderLineId: 'x' })]);
    const b = await createOrder(h, [line(h.roles.plain)]);
    expectOrder(await addLine(b, 'x'));
    expect((await read(a)).orderLines).toHaveLength(1);
  });

  it('a repeated operatorPaymentReference takes no money twice and answers 409 with the existing paymentId', async () => {
    const o = await createOrder(h, [line(h.roles.plain, { quantity: 2 })]);
    const first = expectOrder(await money(o, 'payments', 'pay-1', 1));
    const repeat = expectProblem(await money(o, 'payments', 'pay-1', 1), 409);
    expect(repeat.errors).toEqual([
      expect.objectContaining({ pointer: '/operatorPaymentReference', paymentId: first.payments[0]!.paymentId }),
    ]);
    const rest = expectOrder(await money(o, 'payments', 'pay-2', o.totalAmount - 1));
    expect(statusOf(rest).name).toBe('paid');
    // The paid order would refuse a payment (400); the repeat is still told it is there.
    expect(expectProblem(await money(o, 'payments', 'pay-2', o.totalAmount - 1), 409).errors[0]!.paymentId).toBe(
      rest.payments[1]!.paymentId,
    );
    expect((await read(o)).payments.map((p) => p.operatorPaymentReference)).toEqual(['pay-1', 'pay-2']);
  });

  it('refunds share the references of payments: a repeat gives nothing back twice', async () => {
    const paid = await paidOrder(h, [line(h.roles.plain, { quantity: 2 })]);
    const used = paid.payments[0]!;
    expect(expectProblem(await money(paid, 'refunds', used.operatorPaymentReference, 1), 409).errors[0]!.paymentId).toBe(used.paymentId);
    const refunded = expectOrder(await money(paid, 'refunds', 'rf-1', paid.totalAmount));
    expect(statusOf(refunded).name).toBe('cancelled');
    const again = expectProblem(await money(paid, 'refunds', 'rf-1', paid.totalAmount), 409);
    expect(again.errors[0]!.paymentId).toBe(refunded.payments[1]!.paymentId);
    expect(await read(paid)).toEqual(refunded);
  });

  it('the OpenAPI document describes the 409 of lines, payments and refunds', async () => {
    const doc = (await h.call<{ paths: Record<string, { post?: { responses?: Record<string, unknown> } }> }>('GET', `${API}/openapi.json`))
      .body;
    for (const path of [
      '/api/2.0/orders/{orderId}/orderlines',
      '/api/2.0/orders/{orderId}/payments',
      '/api/2.0/orders/{orderId}/refunds',
    ]) {
      expect(Object.keys(doc.paths[path]?.post?.responses ?? {}), path).toContain('409');
    }
  });
});
