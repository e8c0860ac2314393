import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import { refundQuote, type RefundQuote, type RunningProduct } from '../shared/schemas/cards';
import { cardUrl, seasonOrder } from './testing/cards';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { daysAfter } from './testing/roles';
import { paidOrder } from './testing/orders';

/** docs/api.md §12.4 over HTTP on both backends: the quote for ending a season early, and the refund it caps. */

describe.each(scenarios())('ending a season early ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const quoteUrl = (o: Order, query = '') => `${API}/orderlines/${o.orderLines[0]!.orderLineId}/refundquote${query}`;
  const quote = async (o: Order, query = '') => {
    const res = await h.call('GET', quoteUrl(o, query));
    if (res.status !== 200) expect.fail(`expected 200, got ${res.status}: ${res.text}`);
    return refundQuote.parse(res.body);
  };
  let refunds = 0;
  const refund = (o: Order, amountDebit: number) =>
    h.call('POST', `${API}/orders/${o.orderId}/refunds`, {
      body: {
        paymentMethodId: h.roles.paymentMethod.paymentMethodId,
        amountDebit,
        operatorPaymentReference: `season-${++refunds}`,
        reason: 'moving abroad',
        lines: [{ orderLineId: o.orderLines[0]!.orderLineId, quantity: 1 }],
      },
    });

  it('quotes the days used and left in Amsterdam and the share left less the fee', async () => {
    // Starts on now's day: that day is the first used.
    const sold = await seasonOrder(h, h.roles.mandatedToken, daysAfter(now, 0));
    const amount = sold.orderLines[0]!.amountInclTax;
    const total = h.roles.season.validityDays!;
    const fee = h.roles.season.refundFeeInclTax!;
    const onDay = (days: number) => daysAfter(now, days).slice(0, 10);
    const expected = (used: number): Omit<RefundQuote, 'orderLineId' | 'validFrom' | 'validUntil'> => ({
      amountInclTax: amount,
      daysTotal: total,
      daysUsed: used,
      daysLeft: total - used,
      fee,
      refundable: used === 0 ? amount : Math.max(0, Math.floor((amount * (total - used)) / total) - fee),
    });
    expect(await quote(sold)).toMatchObject({ orderLineId: sold.orderLines[0]!.orderLineId, ...expected(1) });
    expect(await quote(sold, `?on=${onDay(-1)}`)).toMatchObject(expected(0));
    expect(await quote(sold, `?on=${onDay(9)}`)).toMatchObject(expected(10));
    expect(await quote(sold, `?on=${onDay(total + 40)}`)).toMatchObject({ ...expected(total), refundable: 0 });
  });

  it('answers 400 for a line that is no season, a bad day; 404 for an unknown line or another customer', async () => {
    const plain = await paidOrder(h);
    expect(expectProblem(await h.call('GET', quoteUrl(plain)), 400).detail).toMatch(/not a season product/);
    const sold = await seasonOrder(h, h.roles.mandatedToken, now);
    expectProblem(await h.call('GET', quoteUrl(sold, '?on=2026-02-30')), 400);
    expectProblem(await h.call('GET', `${API}/orderlines/00000000-0000-4000-8000-00000000ffff/refundquote`), 404);
    const other = [...h.roles.signedCustomers].find((c) => c !== h.roles.mandatedToken.customerProfileId) ?? 999_999;
    expectProblem(await h.call('GET', quoteUrl(sold), { customer: other }), 404);
    expect((await h.call('GET', quoteUrl(sold), { customer: h.roles.mandatedToken.customerProfileId })).status).toBe(200);
  });

  it("a started season gives back at most today's quote (400 naming it); then it has ended and leaves the card", async () => {
    const card = h.roles.mandatedToken;
    const sold = await seasonOrder(h, card, daysAfter(now, -3));
    const today = await quote(sold);
    expect(today.daysUsed).toBe(4);
    const p = expectProblem(await refund(sold, today.refundable + 1), 400);
    expect(p.errors[0]).toMatchObject({ pointer: '/amountDebit', amount: today.refundable });
    const listed = async () =>
      (await h.call<{ products: RunningProduct[] }>('GET', cardUrl(card.transitTokenId, 'products'))).body.products;
    expect((await listed()).map((p) => p.orderLineId)).toEqual([sold.orderLines[0]!.orderLineId]);
    const after = expectOrder(await refund(sold, today.refundable));
    expect(after.orderLines[0]!.returnedQuantity).toBe(1);
    expect(await listed()).toEqual([]);
    expect(expectProblem(await h.call('GET', quoteUrl(sold)), 400).detail).toMatch(/returned/);
  });

  it('a season not yet started gives back all of it', async () => {
    const sold = await seasonOrder(h, h.roles.mandatedToken, daysAfter(now, 5));
    expect((await quote(sold)).refundable).toBe(sold.orderLines[0]!.amountInclTax);
    expect((await refund(sold, sold.orderLines[0]!.amountInclTax)).status).toBe(200);
  });
});
