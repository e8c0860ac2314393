import { describe, expect, it } from 'vitest';
import { invalid, notFound } from '../result';
import type { CreateOrderInput, CustomerInput } from '../../shared/schemas/requests';
import { NOW_ISO, catalog, conceptOrder, fixtures, lineOf, opContext, valueOf } from '../../server/testing/orderRecords';
import { Catalog } from '../catalog';
import { MAX_ORDER_LINES, MAX_ORDER_PHOTO_BYTES } from '../rules/limits';
import { addLine, cancel, checkDeletable, createOrder, deliver, patchLine, patchOrder, removeLine, setCustomer } from './operations';
import { addPayment, addRefund, changePaymentStatus } from './payments';
import { currentStatus, withStatus, type OrderRecord } from './settle';

/** The order operations of CONTRACT 3.3, 4 and 7.2 on one record, without a store. */

const ctx = opContext();
const DEVICE = 'c0ffee00-1111-4222-8333-444455556666';
const ORDER_STATUS_POINTER = '/order_OrderStatuses/0/orderStatus/orderStatusId';
const origin = { touchPoint: catalog.touchpoints.get(501)!, customerProfileId: null, orderNumber: '100000007' };
const input = (extra: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  externalOrderId: null,
  languageId: 31,
  orderLines: [lineOf('Single ticket')],
  ...extra,
});
const statusError = (detail: string, orderStatusId: number) => ({ detail, pointer: ORDER_STATUS_POINTER, orderStatusId });

let references = 0;
const pay = (record: OrderRecord, amountDebit: number, statusCode: 'PENDING' | 'SETTLED' = 'SETTLED') =>
  valueOf(addPayment(record, { paymentMethodId: 41, amountDebit, operatorPaymentReference: `op-${++references}`, statusCode }, ctx));
const paidOrder = () => pay(conceptOrder(ctx), 275).record;
const pendingOrder = () => pay(conceptOrder(ctx), 275, 'PENDING').record;
/** 100 cents paid of 275, then refunded: still pendingPayment, holding nothing. */
const refundedInFull = () =>
  valueOf(
    addRefund(
      pay(conceptOrder(ctx), 100).record,
      { paymentMethodId: 41, amountDebit: 100, operatorPaymentReference: 'rf', reason: 'x', statusCode: 'SETTLED' },
      ctx,
    ),
  ).record;
const cancelledOrder = () => valueOf(cancel(conceptOrder(ctx), ctx));

describe('createOrder', () => {
  it('makes a concept order at the origin, stamped now, version 0', () => {
    const record = valueOf(createOrder(input({ externalOrderId: 'ext-1', externalDeviceId: DEVICE }), origin, ctx));
    expect(record).toMatchObject({ touchpointId: 501, customerFixed: false, version: 0 });
    expect(record.order).toMatchObject({
      externalOrderId: 'ext-1',
      orderNumber: '100000007',
      customerProfileId: 0,
      validContents: true,
      device: { externalDeviceId: DEVICE, alias: 'North till A' },
      vouchers: [],
      totalAmount: 275,
      touchPoint: catalog.touchpoints.get(501),
      language: catalog.languages.get(31),
      createdOn: NOW_ISO,
      lastUpdatedOn: NOW_ISO,
      payments: [],
      orderCustomer: null,
    });
    expect(record.order.order_OrderStatuses).toEqual([
      {
        order_orderStatusId: expect.any(String),
        orderStatus: { orderStatusId: 1, name: 'concept' },
        createdOn: NOW_ISO,
        description: 'Order created',
      },
    ]);
    expect(record.order.orderLines.map((l) => [l.productId, l.createdOn])).toEqual([[9200, NOW_ISO]]);
  });

  it('without externalOrderId or device, both are null', () => {
    const { order } = valueOf(createOrder({ languageId: 31, orderLines: [] } as unknown as CreateOrderInput, origin, ctx));
    expect([order.externalOrderId, order.device, order.validContents]).toEqual([null, null, false]);
  });

  it('an unknown device is kept without an alias', () => {
    const { order } = valueOf(createOrder(input({ externalDeviceId: 'unknown-till' }), origin, ctx));
    expect(order.device).toEqual({ externalDeviceId: 'unknown-till', alias: null });
  });

  it("a customer's order is fixed to that customer", () => {
    const record = valueOf(createOrder(input(), { ...origin, customerProfileId: 77002 }, ctx));
    expect([record.customerFixed, record.order.customerProfileId]).toEqual([true, 77002]);
  });

  it('an order made offline keeps its createdOn for itself, its first status and its lines', () => {
    const createdOn = '2031-03-01T17:00:00.000Z';
    const { order } = valueOf(createOrder(input({ createdOn }), origin, ctx));
    expect([order.createdOn, order.order_OrderStatuses[0]!.createdOn, order.orderLines[0]!.createdOn]).toEqual([
      createdOn,
      createdOn,
      createdOn,
    ]);
    expect(order.lastUpdatedOn).toBe(NOW_ISO);
  });

  it('refuses an unknown language, a createdOn out of range, a bad line and a repeated line id, all at once', () => {
    const repeatedLine = lineOf('Single ticket', { externalOrderLineId: 'l-1' });
    const made = createOrder(
      input({
        languageId: 39,
        createdOn: '1999-12-31T23:59:59.999Z',
        orderLines: [repeatedLine, lineOf('Single ticket', { productId: 1 }), repeatedLine],
      }),
      origin,
      ctx,
    );
    expect(made).toEqual(
      invalid([
        { detail: 'there is no language 39', pointer: '/languageId' },
        { detail: 'createdOn must lie between 2000-01-01T00:00:00.000Z and 5 minutes from now', pointer: '/createdOn' },
        { detail: 'there is no product 1', pointer: '/orderLines/1/productId', productId: 1 },
        { detail: 'the externalOrderLineId is used by an earlier line of this order', pointer: '/orderLines/2/externalOrderLineId' },
      ]),
    );
  });

  it(`takes ${MAX_ORDER_LINES} lines and refuses one more`, () => {
    const lines = (n: number) => Array.from({ length: n }, () => lineOf('Single ticket'));
    expect(createOrder(input({ orderLines: lines(MAX_ORDER_LINES) }), origin, ctx).ok).toBe(true);
    expect(createOrder(input({ orderLines: lines(MAX_ORDER_LINES + 1) }), origin, ctx)).toEqual(
      invalid([{ detail: `an order may have at most ${MAX_ORDER_LINES} lines`, pointer: '/orderLines' }]),
    );
  });
});

describe('patchOrder', () => {
  it('changes the language and the device', () => {
    const { order } = valueOf(patchOrder(conceptOrder(ctx), { languageId: 32, externalDeviceId: DEVICE }, ctx));
    expect([order.language, order.device]).toEqual([catalog.languages.get(32), { externalDeviceId: DEVICE, alias: 'North till A' }]);
  });

  it('keeps what the patch leaves out', () => {
    const withDevice = valueOf(patchOrder(conceptOrder(ctx), { languageId: 32, externalDeviceId: DEVICE }, ctx));
    const same = valueOf(patchOrder(withDevice, {}, ctx));
    expect([same.order.language.languageId, same.order.device?.externalDeviceId]).toEqual([32, DEVICE]);
  });

  it('refuses an unknown language, and a paid order, together', () => {
    expect(patchOrder(paidOrder(), { languageId: 39 }, ctx)).toEqual(
      invalid([
        { detail: 'there is no language 39', pointer: '/languageId' },
        statusError('the order cannot be changed: its status is paid', 4),
      ]),
    );
  });

  it('a pendingPayment order may still be changed', () => {
    expect(valueOf(patchOrder(pendingOrder(), { languageId: 32 }, ctx)).order.language.languageId).toBe(32);
  });
});

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

describe('setCustomer', () => {
  const person = { birthname: 'Ada', surname: 'Lovelace', prefix: '', emailAddress: 'ada@example.test', dateOfBirth: '1990-12-10' };
  const address = { street: 'Main street', houseNumber: 1, houseNumberSuffix: 'b', postalCode: '1000', city: 'Town', country: 'NL' };
  const customer: CustomerInput = { ...person, orderCustomerAddresses: [{ addressTypeId: 2, ...address }] };

  it('records the customer and names the address type', () => {
    const { order } = valueOf(setCustomer(conceptOrder(ctx), customer, ctx));
    expect(order.orderCustomer).toEqual({
      orderCustomerId: expect.any(String),
      ...person,
      orderCustomerAddresses: [
        { orderCustomerAddressId: expect.any(String), addressType: { addressTypeId: 2, name: 'Postal' }, ...address },
      ],
    });
  });

  it('a second customer keeps the orderCustomerId', () => {
    const first = valueOf(setCustomer(conceptOrder(ctx), customer, ctx));
    const second = valueOf(setCustomer(first, { ...customer, surname: 'Byron' }, ctx));
    expect(second.order.orderCustomer!.orderCustomerId).toBe(first.order.orderCustomer!.orderCustomerId);
    expect(second.order.orderCustomer!.surname).toBe('Byron');
  });

  it('a paid order keeps its customer', () => {
    expect(setCustomer(paidOrder(), customer, ctx)).toEqual(
      invalid([statusError("the customer cannot be changed: the order's status is paid", 4)]),
    );
  });
});

describe('deliver', () => {
  it('a paid order and its lines become delivered', () => {
    const later = opContext({ now: new Date('2031-03-02T09:00:00.000Z') });
    const { order } = valueOf(deliver(paidOrder(), later));
    expect(order.order_OrderStatuses[0]).toMatchObject({
      orderStatus: { orderStatusId: 5, name: 'delivered' },
      description: 'Order delivered',
    });
    expect(order.orderLines.map((l) => [l.orderLineStatus, l.lastUpdatedOn])).toEqual([
      [{ orderLineStatusId: 4, name: 'delivered' }, '2031-03-02T09:00:00.000Z'],
    ]);
  });

  it('an unpaid order cannot be delivered', () => {
    expect(deliver(pendingOrder(), ctx)).toEqual(
      invalid([statusError('only a paid order can be delivered; its status is pendingPayment', 3)]),
    );
  });
});

describe('cancel', () => {
  it('cancels an unpaid order with its pending payments', () => {
    const { order } = valueOf(cancel(pendingOrder(), ctx));
    expect(order.order_OrderStatuses[0]).toMatchObject({ orderStatus: { name: 'cancelled' }, description: 'Order cancelled' });
    expect(order.payments[0]!.paymentStatuses[0]!.statusCode).toBe('CANCELLED');
  });

  it('a paid order is cancelled only by a full refund', () => {
    expect(cancel(paidOrder(), ctx)).toEqual(
      invalid([statusError('the order cannot be cancelled: its status is paid; refund it in full instead', 4)]),
    );
  });

  it('a cancelled order cannot be cancelled again', () => {
    expect(cancel(cancelledOrder(), ctx)).toEqual(invalid([statusError('the order cannot be cancelled: its status is cancelled', 6)]));
  });

  it('an order holding settled money is refunded first', () => {
    const part = pay(conceptOrder(ctx), 100).record;
    expect(cancel(part, ctx)).toEqual(
      invalid(
        [{ detail: 'the order holds 100 cents of settled money: refund it first', pointer: '/payments', amount: 100 }],
        'The order holds money',
        'Refund the 100 cents first.',
      ),
    );
  });

  it('an order whose settled money was refunded may be cancelled', () => {
    expect(currentStatus(valueOf(cancel(refundedInFull(), ctx)).order)).toBe('cancelled');
  });
});

describe('checkDeletable', () => {
  it('a concept order may be deleted', () => {
    expect(checkDeletable(conceptOrder(ctx))).toEqual({ ok: true, value: true });
  });

  it('a cancelled order that never held money may be deleted', () => {
    expect(checkDeletable(cancelledOrder())).toEqual({ ok: true, value: true });
  });

  it('a cancelled order whose only payment was cancelled, never settled, may be deleted', () => {
    const cancelled = valueOf(cancel(pendingOrder(), ctx));
    expect(cancelled.order.payments.map((p) => p.paymentStatuses.map((x) => x.statusCode))).toEqual([['CANCELLED', 'PENDING']]);
    expect(checkDeletable(cancelled)).toEqual({ ok: true, value: true });
  });

  it('a cancelled order still holding a pending payment may not be deleted', () => {
    // As a counter may hold it: cancelled without its pending payment cancelled.
    const pending = pendingOrder();
    const cancelled = { ...pending, order: withStatus(pending.order, 'cancelled', 'Order cancelled', ctx) };
    expect(checkDeletable(cancelled)).toMatchObject({
      ok: false,
      refusal: { detail: 'The order cannot be deleted: it holds or has held money (status cancelled).' },
    });
  });

  it('a pendingPayment order may not be deleted, for its status', () => {
    expect(checkDeletable(pendingOrder())).toEqual(
      invalid(
        [statusError('the order cannot be deleted: its status is pendingPayment', 3)],
        'The order cannot be deleted',
        'The order cannot be deleted: its status is pendingPayment.',
      ),
    );
  });

  it('a cancelled order that held money may not be deleted', () => {
    const cancelled = valueOf(cancel(refundedInFull(), ctx));
    expect(checkDeletable(cancelled)).toEqual(
      invalid(
        [statusError('the order cannot be deleted: it holds or has held money (status cancelled)', 6)],
        'The order cannot be deleted',
        'The order cannot be deleted: it holds or has held money (status cancelled).',
      ),
    );
  });
});
