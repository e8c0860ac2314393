import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardEvent, ReplacementAnswer, RunningProduct } from '../shared/schemas/cards';
import { replacementAnswer } from '../shared/schemas/cards';
import { cardUrl, feeOrder, lookedUp, newPassNumber, replaceCard, requestId, seasonOrder } from './testing/cards';
import { scenarios } from './testing/fixtures';
import { CRUD, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { createOrder, line, paidOrder, registered } from './testing/orders';

/** docs/api.md §12.2 and §12.3 over HTTP on both backends: a replacement card, its fee, what moves, the race. */

describe.each(scenarios())('a replacement card ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const products = async (id: number) => (await h.call<{ products: RunningProduct[] }>('GET', cardUrl(id, 'products'))).body.products;
  const eventTypes = async (id: number) =>
    (await h.call<{ events: CardEvent[] }>('GET', cardUrl(id, 'events'))).body.events.map((e) => [e.type, e.transitTokenId]);
  const nextId = () => Math.max(...fixtures.transitTokens.map((t) => t.transitTokenId)) + 1;
  const withStatus = (id: number) => fixtures.transitTokens.find((t) => t.tokenStatusId === id)!;

  it('issues a new card with the owner data; the season and the e-purse move; the old card is replaced', async () => {
    const old = h.roles.mandatedToken;
    const season = await seasonOrder(h, old, now);
    const res = await replaceCard(h, old.transitTokenId, { passNumber: '9999000000000042', tokenTypeId: 3 });
    expect(res.status).toBe(201);
    const answer: ReplacementAnswer = replacementAnswer.parse(res.body);
    const id = nextId();
    const balance = old.ePurse?.['e-PurseBalance'] ?? null;
    expect(answer.new).toMatchObject({
      transitTokenId: id,
      customerProfileId: old.customerProfileId,
      tokenType: { tokenTypeId: 3 },
      alias: old.alias,
      passNumber: '9999 0000 0000 0042',
      lastDigits: 42,
      tokenStatus: { tokenStatusId: 2, name: 'active' },
      expirationDate: `${Number(now.slice(0, 4)) + 5}${now.slice(4, 10)}T23:59:59.000Z`,
      replacedByTokenId: null,
    });
    expect(answer.new.xTat).not.toBe(old.xTat);
    expect(answer.old).toMatchObject({ transitTokenId: old.transitTokenId, tokenStatus: { tokenStatusId: 3 }, replacedByTokenId: id });
    const moved = { orderId: season.orderId, orderLineId: season.orderLines[0]!.orderLineId, productId: h.roles.season.productId };
    expect(answer.moved.products).toEqual([expect.objectContaining({ ...moved, movedFrom: old.transitTokenId })]);
    expect(answer.moved.ePurse).toEqual(balance && { currency: balance.currency, amount: balance.amount });
    expect(await products(id)).toEqual(answer.moved.products);
    expect(await products(old.transitTokenId)).toEqual([]);
    const both = (type: string, other: number) => [[type, other]];
    expect(await eventTypes(old.transitTokenId)).toEqual([
      ...both('REPLACED', id),
      ...both('PRODUCTS_MOVED', id),
      ...(balance ? both('EPURSE_MOVED', id) : []),
    ]);
    expect(await eventTypes(id)).toEqual([
      ...both('REPLACES', old.transitTokenId),
      ...both('PRODUCTS_MOVED', old.transitTokenId),
      ...(balance ? both('EPURSE_MOVED', old.transitTokenId) : []),
    ]);
    // The new card is a card like the others: found by the lookup, sold on.
    expect((await lookedUp(h, id))!.tokenStatus.tokenStatusId).toBe(2);
    const sale = await createOrder(h, [
      line(h.roles.productTaking({ ...old, tokenTypeId: 3 }), { customerTokens: [{ tokenTypeId: 3, transitTokenId: id }] }),
    ]);
    expect(sale.orderLines[0]!.validationErrors).toEqual([]);
    // And the old one sells nothing.
    const refused = await createOrder(h, [line(h.roles.needsRegistered, { customerTokens: [registered(old)] })]);
    expect(refused.orderLines[0]!.validationResult).toBe('invalid');
  });

  it('takes a paid fee order of the replacement fee once; a second replacement with it is 409 naming it', async () => {
    const fee = await feeOrder(h);
    const body = { requestId: requestId(), passNumber: newPassNumber(), fee: { orderId: fee.orderId } };
    const first = await replaceCard(h, h.roles.registeredToken.transitTokenId, body);
    expect(first.status).toBe(201);
    const again = expectProblem(await replaceCard(h, h.roles.otherCustomerToken.transitTokenId, { fee: { orderId: fee.orderId } }), 409);
    expect(again.errors[0]).toMatchObject({ pointer: '/fee/orderId', orderId: fee.orderId });
    expect((await lookedUp(h, h.roles.otherCustomerToken.transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
    // The fee given back later: a repeat of the replacement still answers what it first answered.
    const refund = {
      paymentMethodId: h.roles.paymentMethod.paymentMethodId,
      amountDebit: fee.totalAmount,
      operatorPaymentReference: 'fee back after use',
      reason: 'goodwill',
      lines: [{ orderLineId: fee.orderLines[0]!.orderLineId, quantity: 1 }],
    };
    expectOrder(await h.call('POST', `/api/2.0/orders/${fee.orderId}/refunds`, { body: refund }));
    const repeat = await replaceCard(h, h.roles.registeredToken.transitTokenId, body);
    expect([repeat.status, repeat.body]).toEqual([201, first.body]);
  });

  it('refuses a fee that is not a paid, unrefunded fee order of this touchpoint, or a waiver without a reason (400)', async () => {
    const card = h.roles.registeredToken.transitTokenId;
    const unpaid = await createOrder(h, [line(h.roles.replacementFee)]);
    const noFeeLine = await paidOrder(h);
    const elsewhere = await feeOrder(h, { auth: await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId }) });
    const refunded = await feeOrder(h);
    expectOrder(
      await h.call('POST', `/api/2.0/orders/${refunded.orderId}/refunds`, {
        body: {
          paymentMethodId: h.roles.paymentMethod.paymentMethodId,
          amountDebit: refunded.totalAmount,
          operatorPaymentReference: 'fee back',
          reason: 'changed mind',
          lines: [{ orderLineId: refunded.orderLines[0]!.orderLineId, quantity: 1 }],
        },
      }),
    );
    for (const orderId of [
      unpaid.orderId,
      noFeeLine.orderId,
      elsewhere.orderId,
      refunded.orderId,
      '00000000-0000-4000-8000-00000000ffff',
    ]) {
      expect(expectProblem(await replaceCard(h, card, { fee: { orderId } }), 400).errors[0]!.pointer).toBe('/fee/orderId');
    }
    expectProblem(await replaceCard(h, card, { fee: { waived: '  ' } }), 400);
    expectProblem(await replaceCard(h, card, { fee: {} }), 400);
    expectProblem(await replaceCard(h, card, { fee: { orderId: noFeeLine.orderId, waived: 'both' } }), 400);
    expect((await lookedUp(h, card))!.tokenStatus.tokenStatusId).toBe(2);
  });

  it('refuses a pass number a card has (409), an EMV card or a bad number (400), a card not active or suspended (409)', async () => {
    const card = h.roles.registeredToken;
    const taken = fixtures.transitTokens.find((t) => t.passNumber !== null)!;
    const p = expectProblem(await replaceCard(h, card.transitTokenId, { passNumber: taken.passNumber!.replace(/ /g, '') }), 409);
    expect(p.errors[0]).toMatchObject({ pointer: '/passNumber', transitTokenId: taken.transitTokenId });
    expect(expectProblem(await replaceCard(h, card.transitTokenId, { tokenTypeId: 1 }), 400).errors[0]!.pointer).toBe('/tokenTypeId');
    expectProblem(await replaceCard(h, card.transitTokenId, { passNumber: '9999 0000 0000 001' }), 400);
    expectProblem(await replaceCard(h, card.transitTokenId, { passNumber: '9999 0000 0000 00x1' }), 400);
    for (const status of [3, 4]) {
      expect(expectProblem(await replaceCard(h, withStatus(status).transitTokenId), 409).errors[0]).toMatchObject({
        tokenStatusId: status,
      });
    }
    expect((await lookedUp(h, card.transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
    expect(
      (await h.call<{ transitTokens: unknown[] }>('GET', `${CRUD}/transittokens?transitTokenId=${nextId()}`)).body.transitTokens,
    ).toEqual([]);
  });

  it('a suspended card can be replaced; a repeat answers the same 201 without a second card; another body with its requestId is 409', async () => {
    const card = withStatus(5);
    const body = { requestId: requestId(), passNumber: newPassNumber() };
    const first = await replaceCard(h, card.transitTokenId, body);
    expect(first.status).toBe(201);
    const repeat = await replaceCard(h, card.transitTokenId, body);
    expect([repeat.status, repeat.body]).toEqual([201, first.body]);
    expect(await lookedUp(h, nextId() + 1)).toBeUndefined();
    expectProblem(await replaceCard(h, card.transitTokenId, { ...body, passNumber: newPassNumber() }), 409);
  });

  it('two replacements of one card at the same moment: exactly one 201, the other 409; one new card', async () => {
    const card = h.roles.registeredToken.transitTokenId;
    const answers = await Promise.all([replaceCard(h, card), replaceCard(h, card), replaceCard(h, card)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await lookedUp(h, nextId())).toBeDefined();
    expect(await lookedUp(h, nextId() + 1)).toBeUndefined();
  });

  it("a customer JWT replaces only that customer's card; another's is 404", async () => {
    const mine = h.roles.registeredToken;
    const options = { customer: mine.customerProfileId };
    expectProblem(await replaceCard(h, h.roles.otherCustomerToken.transitTokenId, {}, options), 404);
    expect((await replaceCard(h, mine.transitTokenId, {}, options)).status).toBe(201);
  });
});
