import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, pointers, statusOf, type Harness } from './testing/harness';
import { IBAN, createOrder, line, mandateInput, paidOrder, pay, registered, setPaymentStatus } from './testing/orders';
import { daysAfter } from './testing/roles';

/** docs/api.md §4: payments, their outcomes, delivery and cancellation, and the statuses they move. */

const history = (o: Order) => o.order_OrderStatuses.map((s) => s.orderStatus.name);

describe.each(scenarios())('payments and order statuses ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const post = (path: string, body?: unknown) => h.call('POST', `${API}${path}`, body === undefined ? {} : { body });
  const tick = () => h.clock.advance(60_000);

  it('concept -> awaitingPayment -> pendingPayment -> paid -> delivered', async () => {
    const o = await createOrder(h, [line(h.roles.plain, { quantity: 2 })]);
    tick();
    const pending = await pay(h, o, { pspPaymentReference: 'psp-1' });
    expect(history(pending)).toEqual(['pendingPayment', 'awaitingPayment', 'concept']);
    expect(pending.lastUpdatedOn).toBe(h.clock.now.toISOString());
    const [payment] = pending.payments;
    expect(payment).toMatchObject({
      amountDebit: o.totalAmount,
      paymentMethod: h.roles.paymentMethod,
      touchPoint: h.roles.touchpoint,
      isRefund: false,
      operatorPaymentReference: expect.stringMatching(`^op-${o.orderNumber}-`),
      pspPaymentReference: 'psp-1',
      mandateInput: null,
    });
    expect(payment!.paymentStatuses.map((s) => s.statusCode)).toEqual(['PENDING']);

    tick();
    const paid = await setPaymentStatus(h, payment!.paymentId, 'SETTLED');
    expect(history(paid)).toEqual(['paid', 'pendingPayment', 'awaitingPayment', 'concept']);
    expect(paid.payments[0]!.paymentStatuses.map((s) => s.statusCode)).toEqual(['SETTLED', 'PENDING']);
    expect(paid.order_OrderStatuses[0]!.createdOn).toBe(h.clock.now.toISOString());

    tick();
    const delivered = expectOrder(await post(`/orders/${o.orderId}/delivery`));
    expect(statusOf(delivered)).toEqual({ orderStatusId: 5, name: 'delivered' });
    expect(delivered.orderLines.map((l) => l.orderLineStatus)).toEqual([{ orderLineStatusId: 4, name: 'delivered' }]);
    expect(delivered.lastUpdatedOn).toBe(h.clock.now.toISOString());
    expect(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`))).toEqual(delivered);
  });

  it.each(['FAILED', 'CANCELLED'])('a %s payment takes the order back to awaitingPayment; a new one moves it on', async (code) => {
    const pending = await pay(h, await createOrder(h));
    const back = await setPaymentStatus(h, pending.payments[0]!.paymentId, code);
    expect(history(back)).toEqual(['awaitingPayment', 'pendingPayment', 'awaitingPayment', 'concept']);
    const retried = await pay(h, back);
    expect(history(retried)).toEqual(['pendingPayment', 'awaitingPayment', 'pendingPayment', 'awaitingPayment', 'concept']);
    expectProblem(await post(`/payments/${pending.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' }), 400);
  });

  it('cash settled at the counter pays the order at once', async () => {
    const o = await paidOrder(h);
    expect(history(o)).toEqual(['paid', 'pendingPayment', 'awaitingPayment', 'concept']);
    expect(o.payments[0]!.paymentStatuses.map((s) => s.statusCode)).toEqual(['SETTLED', 'PENDING']);
  });

  it('partial payments: paid once the settled ones cover the total, without repeating a status', async () => {
    const o = await createOrder(h, [line(h.roles.plain, { quantity: 3 })]);
    const part = Math.floor(o.totalAmount / 3);
    const first = await pay(h, o, { amountDebit: part });
    const firstSettled = await setPaymentStatus(h, first.payments[0]!.paymentId, 'SETTLED');
    expect(statusOf(firstSettled).name).toBe('pendingPayment');
    const tooMuch = expectProblem(
      await post(`/orders/${o.orderId}/payments`, {
        paymentMethodId: h.roles.paymentMethod.paymentMethodId,
        amountDebit: o.totalAmount - part + 1,
        operatorPaymentReference: 'r',
      }),
      400,
    );
    expect(pointers(tooMuch)).toEqual(['/amountDebit']);
    const second = await pay(h, firstSettled, { amountDebit: o.totalAmount - part });
    expect(history(second)).toEqual(['pendingPayment', 'awaitingPayment', 'concept']);
    const paid = await setPaymentStatus(h, second.payments[1]!.paymentId, 'SETTLED');
    expect(history(paid)).toEqual(['paid', 'pendingPayment', 'awaitingPayment', 'concept']);
  });

  it('refuses to pay an order with remarks, listing each', async () => {
    const o = await createOrder(h, [line(h.roles.plain), line(h.roles.needsValidFrom)]);
    const p = expectProblem(
      await post(`/orders/${o.orderId}/payments`, {
        paymentMethodId: h.roles.paymentMethod.paymentMethodId,
        amountDebit: o.totalAmount,
        operatorPaymentReference: 'r',
      }),
      400,
    );
    expect(p.errors).toEqual([
      expect.objectContaining({
        pointer: '/orderLines/1/additionalRemarks/0',
        productId: h.roles.needsValidFrom.productId,
        detail: expect.stringContaining('VALIDFROM_REQUIRED'),
      }),
    ]);
    expect(statusOf(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`))).name).toBe('concept');
  });

  it('a payment with mandate input resolves MANDATE_REQUIRED', async () => {
    const { needsMandate, unmandatedToken } = h.roles;
    const o = await createOrder(h, [line(needsMandate, { validFrom: daysAfter(now, 1), customerTokens: [registered(unmandatedToken)] })]);
    expect(o.orderLines[0]!.additionalRemarks.map((r) => r.code)).toEqual(['MANDATE_REQUIRED']);
    const body = { paymentMethodId: h.roles.paymentMethod.paymentMethodId, amountDebit: o.totalAmount, operatorPaymentReference: 'r' };
    expectProblem(await post(`/orders/${o.orderId}/payments`, body), 400);
    const badIban = expectProblem(
      await post(`/orders/${o.orderId}/payments`, { ...body, mandateInput: { ...mandateInput, iban: 'NL91ABNA0417164301' } }),
      400,
    );
    expect(pointers(badIban)).toEqual(['/mandateInput/iban']);
    const paying = expectOrder(
      await post(`/orders/${o.orderId}/payments`, { ...body, mandateInput: { ...mandateInput, iban: 'nl91 abna 0417 1643 00' } }),
    );
    expect(paying.orderLines[0]).toMatchObject({ additionalRemarks: [], validationResult: 'valid' });
    expect(paying.payments[0]!.mandateInput).toMatchObject({ directDebitMandateType: { directDebitMandateTypeId: 3 }, iban: IBAN });
    expect(statusOf(paying).name).toBe('pendingPayment');
  });

  it('takes a mandate with an IBAN only (SEPA), filling the BIC of a known Dutch bank, and refuses a malformed BIC', async () => {
    const { needsMandate, unmandatedToken } = h.roles;
    const o = await createOrder(h, [line(needsMandate, { validFrom: daysAfter(now, 1), customerTokens: [registered(unmandatedToken)] })]);
    const body = { paymentMethodId: h.roles.paymentMethod.paymentMethodId, amountDebit: o.totalAmount, operatorPaymentReference: 'r' };
    const { bic: _bic, ...ibanOnly } = mandateInput;
    const badBic = expectProblem(
      await post(`/orders/${o.orderId}/payments`, { ...body, mandateInput: { ...ibanOnly, bic: 'NOT A BIC' } }),
      400,
    );
    expect(pointers(badBic)).toEqual(['/mandateInput/bic']);
    const paying = expectOrder(await post(`/orders/${o.orderId}/payments`, { ...body, mandateInput: ibanOnly }));
    expect(paying.orderLines[0]).toMatchObject({ additionalRemarks: [], validationResult: 'valid' });
    expect(paying.payments[0]!.mandateInput).toMatchObject({ iban: IBAN, bic: 'ABNANL2A' });
  });

  it('refuses an unknown payment method, a zero amount and a payment on a paid or cancelled order', async () => {
    const o = await createOrder(h);
    const body = { paymentMethodId: h.roles.paymentMethod.paymentMethodId, amountDebit: o.totalAmount, operatorPaymentReference: 'r' };
    const unknownMethod = Math.max(...fixtures.paymentMethods.map((m) => m.paymentMethodId)) + 1;
    expect(pointers(expectProblem(await post(`/orders/${o.orderId}/payments`, { ...body, paymentMethodId: unknownMethod }), 400))).toEqual([
      '/paymentMethodId',
    ]);
    expect(pointers(expectProblem(await post(`/orders/${o.orderId}/payments`, { ...body, amountDebit: 0 }), 400))).toEqual([
      '/amountDebit',
    ]);
    const paid = await paidOrder(h);
    expect(expectProblem(await post(`/orders/${paid.orderId}/payments`, body), 400).errors[0]).toMatchObject({ orderStatusId: 4 });
    expectOrder(await post(`/orders/${o.orderId}/cancellation`));
    expect(expectProblem(await post(`/orders/${o.orderId}/payments`, body), 400).errors[0]).toMatchObject({ orderStatusId: 6 });
    expectProblem(await post(`/orders/00000000-0000-4000-8000-0000000fffff/payments`, body), 404);
  });

  it('payment status: 404 for an unknown payment, 400 for a status outside the list', async () => {
    const pending = await pay(h, await createOrder(h));
    expectProblem(await post('/payments/00000000-0000-4000-8000-0000000fffff/status', { statusCode: 'SETTLED' }), 404);
    const p = expectProblem(await post(`/payments/${pending.payments[0]!.paymentId}/status`, { statusCode: 'PENDING' }), 400);
    expect(pointers(p)).toEqual(['/statusCode']);
  });

  it.each(['concept', 'awaitingPayment', 'pendingPayment'])('cancels a %s order', async (from) => {
    let o = await createOrder(h);
    if (from !== 'concept') o = await pay(h, o);
    if (from === 'awaitingPayment') o = await setPaymentStatus(h, o.payments[0]!.paymentId, 'FAILED');
    expect(statusOf(o).name).toBe(from);
    tick();
    const cancelled = expectOrder(await post(`/orders/${o.orderId}/cancellation`));
    expect(statusOf(cancelled)).toEqual({ orderStatusId: 6, name: 'cancelled' });
    expect(cancelled.lastUpdatedOn).toBe(h.clock.now.toISOString());
  });

  it('refuses to cancel a paid, delivered or cancelled order and to deliver one that is not paid', async () => {
    const paid = await paidOrder(h);
    expect(expectProblem(await post(`/orders/${paid.orderId}/cancellation`), 400).errors[0]).toMatchObject({ orderStatusId: 4 });
    expectOrder(await post(`/orders/${paid.orderId}/delivery`));
    expect(expectProblem(await post(`/orders/${paid.orderId}/cancellation`), 400).errors[0]).toMatchObject({ orderStatusId: 5 });
    expect(expectProblem(await post(`/orders/${paid.orderId}/delivery`), 400).errors[0]).toMatchObject({ orderStatusId: 5 });
    const concept = await createOrder(h);
    expect(expectProblem(await post(`/orders/${concept.orderId}/delivery`), 400).errors[0]).toMatchObject({ orderStatusId: 1 });
    expectOrder(await post(`/orders/${concept.orderId}/cancellation`));
    expect(expectProblem(await post(`/orders/${concept.orderId}/cancellation`), 400).errors[0]).toMatchObject({ orderStatusId: 6 });
    expectProblem(await post('/orders/00000000-0000-4000-8000-0000000fffff/delivery'), 404);
  });

  it("a registered token's transitToken is filled while the order is open and null once paid", async () => {
    const { needsRegistered, registeredToken: t } = h.roles;
    const o = await createOrder(h, [line(needsRegistered, { customerTokens: [registered(t)] })]);
    const nested = o.orderLines[0]!.customerTokens![0]!.transitToken;
    expect(nested).toMatchObject({
      customerProfileId: t.customerProfileId,
      transitTokenId: t.transitTokenId,
      xTat: t.xTat,
      tokenType: { tokenTypeId: t.tokenTypeId },
      alias: t.alias,
      tokenStatus: { tokenStatusId: 2, name: 'active' },
      expirationDate: new Date(t.expirationDate).toISOString().slice(0, 10),
      replacedByTokenId: t.replacedByTokenId,
    });
    const pending = await pay(h, o);
    expect(pending.orderLines[0]!.customerTokens![0]!.transitToken).toEqual(nested);
    const paid = await setPaymentStatus(h, pending.payments[0]!.paymentId, 'SETTLED');
    expect(paid.orderLines[0]!.customerTokens![0]).toMatchObject({ transitTokenId: t.transitTokenId, transitToken: null });
    const read = expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`));
    expect(read.orderLines[0]!.customerTokens![0]!.transitToken).toBeNull();
    const listed = await h.call<{ orders: Order[] }>('GET', `${API}/orders?orderId=${o.orderId}`);
    expect(listed.body.orders[0]!.orderLines[0]!.customerTokens![0]!.transitToken).toBeNull();
    expect(paid.customerProfileId).toBe(t.customerProfileId);
  });

  it('a cancelled order shows no transitToken either', async () => {
    const { needsRegistered, registeredToken } = h.roles;
    const o = await createOrder(h, [line(needsRegistered, { customerTokens: [registered(registeredToken)] })]);
    const cancelled = expectOrder(await post(`/orders/${o.orderId}/cancellation`));
    expect(cancelled.orderLines[0]!.customerTokens![0]!.transitToken).toBeNull();
  });
});
