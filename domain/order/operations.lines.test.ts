import { describe, expect, it } from 'vitest';
import { invalid, notFound } from '../result';
import { conceptOrder, fixtures, lineOf, opContext, valueOf } from '../../server/testing/orderRecords';
import { orderMoney, statusError } from '../../server/testing/payments';
import { Catalog } from '../catalog';
import { MAX_ORDER_LINES, MAX_ORDER_PHOTO_BYTES } from '../rules/limits';
import { addLine, patchLine, removeLine } from './operations';
import { changePaymentStatus } from './payments';
import type { OrderRecord } from './record';

/** The operations on an order's lines (docs/api.md §4), on one record without a store. */

const { ctx, pay, paidOrder, pendingOrder } = orderMoney();

describe('addLine', () => {
  it('adds a line to a concept order and totals it', () => {
    const { order } = valueOf(addLine(conceptOrder(ctx), lineOf('Day return', { validFrom: '2031-03-03T00:00:00.000Z' }), ctx));
    expect(order.orderLines.map((l) => l.productId)).toEqual([9200, 9201]);
    expect(order.totalAmount).toBe(275 + 515);
  });

  it('a line sent again is a conflict naming the line it made, even after the order was paid', () => {
    const record = valueOf(addLine(conceptOrder(ctx), lineOf('Single ticket', { externalOrderLineId: 'l-9' }), ctx));
    const made = record.order.orderLines[1]!.orderLineId;
    const paid = pay(record, 550).record;
    expect(addLine(paid, lineOf('Single ticket', { externalOrderLineId: 'l-9' }), ctx)).toEqual({
      ok: false,
      refusal: {
        kind: 'conflict',
        detail: 'The order already has a line with this externalOrderLineId; nothing was changed.',
        errors: [{ detail: 'the externalOrderLineId is already used in this order', pointer: '/externalOrderLineId', orderLineId: made }],
      },
    });
  });

  it('refuses a line on an awaitingPayment order, and an unknown product, together', () => {
    const pending = pay(conceptOrder(ctx), 275, 'PENDING');
    const awaiting = valueOf(changePaymentStatus(pending.record, pending.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(addLine(awaiting, lineOf('Single ticket', { productId: 1 }), ctx)).toEqual(
      invalid([
        statusError('the order lines can only change while the order is concept; its status is awaitingPayment', 2),
        { detail: 'there is no product 1', pointer: '/productId', productId: 1 },
      ]),
    );
  });

  it(`refuses line ${MAX_ORDER_LINES + 1} and keeps ${MAX_ORDER_LINES}`, () => {
    const full = conceptOrder(
      ctx,
      Array.from({ length: MAX_ORDER_LINES - 1 }, () => lineOf('Single ticket')),
    );
    const hundred = valueOf(addLine(full, lineOf('Single ticket'), ctx));
    expect(addLine(hundred, lineOf('Single ticket'), ctx)).toEqual(
      invalid([{ detail: `an order may have at most ${MAX_ORDER_LINES} lines`, pointer: '' }]),
    );
  });
});

describe('patchLine', () => {
  const dayReturn = (validFrom = '2031-03-03T00:00:00.000Z') => conceptOrder(ctx, [lineOf('Day return', { validFrom })]);
  const lineId = (r: OrderRecord, i = 0) => r.order.orderLines[i]!.orderLineId;

  it('an unknown line is not found', () => {
    expect(patchLine(conceptOrder(ctx), 'no-line', { quantity: 2 }, ctx)).toEqual(notFound('there is no order line no-line'));
  });

  it('changes only the line named', () => {
    const record = conceptOrder(ctx, [lineOf('Single ticket'), lineOf('Single ticket')]);
    const { order } = valueOf(patchLine(record, lineId(record, 1), { quantity: 3 }, ctx));
    expect(order.orderLines.map((l) => l.quantity)).toEqual([1, 3]);
    expect(order.totalAmount).toBe(275 * 4);
  });

  it('a start date too late is refused under its own title', () => {
    const record = dayReturn();
    expect(patchLine(record, lineId(record), { validFrom: '2031-06-01T00:00:00.000Z' }, ctx)).toEqual(
      invalid(
        [{ detail: 'the product start date may be at most 60 days in the future', pointer: '/validFrom', productId: 9201 }],
        'The start date of the product is not allowed',
        'See errors for what is wrong.',
      ),
    );
  });

  it('a validUntil before the kept validFrom is refused', () => {
    const record = dayReturn();
    expect(patchLine(record, lineId(record), { validUntil: '2031-03-02T23:59:59.999Z' }, ctx)).toEqual(
      invalid([{ detail: 'validUntil may not be before validFrom', pointer: '/validUntil' }]),
    );
  });

  it('a validUntil equal to the kept validFrom is accepted', () => {
    const record = dayReturn();
    const { order } = valueOf(patchLine(record, lineId(record), { validUntil: '2031-03-03T00:00:00.000Z' }, ctx));
    expect(order.orderLines[0]!.validUntil).toBe('2031-03-03T00:00:00.000Z');
  });

  it('a validUntil before the old validFrom is accepted with a new validFrom', () => {
    const record = dayReturn();
    const patch = { validFrom: '2031-03-02T12:00:00.000Z', validUntil: '2031-03-02T23:00:00.000Z' };
    expect(valueOf(patchLine(record, lineId(record), patch, ctx)).order.orderLines[0]).toMatchObject(patch);
  });

  it('a validUntil on a line without validFrom is accepted', () => {
    const record = conceptOrder(ctx);
    const { order } = valueOf(patchLine(record, lineId(record), { validUntil: '2031-03-02T23:00:00.000Z' }, ctx));
    expect(order.orderLines[0]!.validUntil).toBe('2031-03-02T23:00:00.000Z');
  });

  it('a new product must take the kept tokens', () => {
    const record = conceptOrder(ctx, [lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1, transitTokenId: 42005 }] })]);
    expect(patchLine(record, lineId(record), { productId: 9500 }, ctx)).toEqual(
      invalid([
        {
          detail: 'the combination of product and token type is not valid',
          pointer: '/customerTokens/0/tokenTypeId',
          productId: 9500,
          transitTokenId: 42005,
        },
      ]),
    );
  });

  it('a new product with new tokens is judged on the new tokens only', () => {
    const record = conceptOrder(ctx, [lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }] })]);
    const { order } = valueOf(patchLine(record, lineId(record), { productId: 9500, customerTokens: [{ tokenTypeId: 3 }] }, ctx));
    expect(order.orderLines[0]!.productId).toBe(9500);
  });

  it('a new product for a line without tokens has no kept tokens to judge', () => {
    const record = conceptOrder(ctx);
    expect(valueOf(patchLine(record, lineId(record), { productId: 9201 }, ctx)).order.orderLines[0]!.productId).toBe(9201);
  });

  it('a patch keeping the product does not judge the kept tokens again, even after the catalogue changed the product', () => {
    const record = conceptOrder(ctx, [lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }] })]);
    const reloaded = new Catalog({
      ...fixtures,
      products: fixtures.products.map((p) => (p.productId === 9300 ? { ...p, tokenTypeIds: [3] } : p)),
    });
    const { order } = valueOf(patchLine(record, lineId(record), { quantity: 2 }, opContext({ catalog: reloaded })));
    expect(order.orderLines[0]!.quantity).toBe(2);
  });

  it('a start date too late beside another error keeps the general title', () => {
    const record = dayReturn();
    const made = patchLine(record, lineId(record), { validFrom: '2031-06-01T00:00:00.000Z', customerTokens: [{ tokenTypeId: 1 }] }, ctx);
    expect(made).toMatchObject({ ok: false, refusal: { title: 'The request is not valid' } });
  });

  it('a paid order keeps its lines', () => {
    const record = paidOrder();
    expect(patchLine(record, lineId(record), { quantity: 2 }, ctx)).toEqual(
      invalid([statusError('the order lines can only change while the order is concept; its status is paid', 4)]),
    );
  });

  it('refuses photos over the order limit, pointing at the tokens', () => {
    const record = conceptOrder(ctx, [lineOf('Photo card', { customerTokens: [{ tokenTypeId: 3 }] })]);
    const photo = `data:image/jpeg;base64,${'A'.repeat(((MAX_ORDER_PHOTO_BYTES + 3) / 3) * 4)}`;
    const tokens = [{ tokenTypeId: 3, personalAccountData: { birthdate: '1990-01-01', photo } }];
    expect(patchLine(record, lineId(record), { customerTokens: tokens }, ctx)).toEqual(
      invalid([{ detail: 'the photos of an order may be at most 8 MiB together', pointer: '/customerTokens' }]),
    );
  });
});

describe('removeLine', () => {
  it('removes the line named and totals again', () => {
    const record = conceptOrder(ctx, [lineOf('Single ticket'), lineOf('Day return')]);
    const { order } = valueOf(removeLine(record, record.order.orderLines[0]!.orderLineId, ctx));
    expect([order.orderLines.map((l) => l.productId), order.totalAmount]).toEqual([[9201], 515]);
  });

  it('an unknown line is not found', () => {
    expect(removeLine(conceptOrder(ctx), 'no-line', ctx)).toEqual(notFound('there is no order line no-line'));
  });

  it('a pendingPayment order keeps its lines', () => {
    const record = pendingOrder();
    expect(removeLine(record, record.order.orderLines[0]!.orderLineId, ctx)).toEqual(
      invalid([statusError('the order lines can only change while the order is concept; its status is pendingPayment', 3)]),
    );
  });
});
