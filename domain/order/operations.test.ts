import { describe, expect, it } from 'vitest';
import { invalid } from '../result';
import type { CreateOrderInput, CustomerInput } from '../../shared/schemas/requests';
import { NOW_ISO, catalog, conceptOrder, lineOf, opContext, valueOf } from '../../server/testing/orderRecords';
import { orderMoney, statusError } from '../../server/testing/payments';
import { MAX_ORDER_LINES } from '../rules/limits';
import { cancel, checkDeletable, createOrder, deliver, patchOrder, setCustomer } from './operations';
import { addRefund } from './payments';
import { currentStatus, withStatus } from './settle';

/** The order operations of docs/api.md §3.3, §4 and §7.2 on one record, without a store (its lines: operations.lines.test.ts). */

const { ctx, pay, paidOrder, pendingOrder } = orderMoney();
const DEVICE = 'c0ffee00-1111-4222-8333-444455556666';
const origin = { touchPoint: catalog.touchpoints.get(501)!, customerProfileId: null, orderNumber: '100000007' };
const input = (extra: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  externalOrderId: null,
  languageId: 31,
  orderLines: [lineOf('Single ticket')],
  ...extra,
});
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
