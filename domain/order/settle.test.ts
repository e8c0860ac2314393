import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog';
import { NOW_ISO, fixtures, conceptOrder, lineOf, mandateInput, opContext, valueOf } from '../../server/testing/orderRecords';
import { addPayment, changePaymentStatus } from './payments';
import { settle, withStatus } from './settle';

/** What `settle` derives after every change (docs/api.md §3.1, §3.2): the customer, the lines' verdicts, the total. */

const ctx = opContext();
const registered = (transitTokenId: number, tokenTypeId: number) => ({ tokenTypeId, transitTokenId });

describe('the customer of an order', () => {
  it('is the owner of the first registered token the catalogue knows, while the order is concept', () => {
    const record = conceptOrder(ctx, [
      lineOf('Single ticket'),
      lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }, registered(42005, 1)] }),
      lineOf('Registered top-up', { customerTokens: [registered(42002, 2)] }),
    ]);
    expect(record.order.customerProfileId).toBe(77004);
  });

  it('is 0 when no token is registered', () => {
    expect(conceptOrder(ctx, [lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }] })]).order.customerProfileId).toBe(0);
  });

  it('a token the catalogue no longer knows names nobody; the next known one does', () => {
    const record = conceptOrder(ctx, [
      lineOf('Anonymous card top-up', { customerTokens: [registered(42005, 1)] }),
      lineOf('Registered top-up', { customerTokens: [registered(42002, 2)] }),
    ]);
    const without42005 = new Catalog({ ...fixtures, transitTokens: fixtures.transitTokens.filter((t) => t.transitTokenId !== 42005) });
    expect(settle(record, record.order, opContext({ catalog: without42005 })).order.customerProfileId).toBe(77002);
  });

  it("a customer's own order keeps its customer whatever its tokens", () => {
    const record = conceptOrder(ctx, [lineOf('Registered top-up', { customerTokens: [registered(42002, 2)] })], {
      customerProfileId: 77001,
    });
    expect(record.order.customerProfileId).toBe(77001);
  });

  it('is no longer derived once the order left concept', () => {
    const record = conceptOrder(ctx, [lineOf('Registered top-up', { customerTokens: [registered(42002, 2)] })]);
    const awaiting = {
      ...record.order,
      customerProfileId: 5,
      order_OrderStatuses: withStatus(record.order, 'awaitingPayment', 'x', ctx).order_OrderStatuses,
    };
    expect(settle(record, awaiting, ctx).order.customerProfileId).toBe(5);
    expect(settle(record, { ...record.order, customerProfileId: 5 }, ctx).order.customerProfileId).toBe(77002);
  });
});

describe("the lines' verdicts and the total", () => {
  it('a line whose product the catalogue dropped keeps its verdict; the others are judged again', () => {
    const record = conceptOrder(ctx, [lineOf('Day return'), lineOf('Single ticket')]);
    const withoutDayReturn = new Catalog({ ...fixtures, products: fixtures.products.filter((p) => p.productId !== 9201) });
    const judged = {
      ...record.order,
      orderLines: record.order.orderLines.map((l) => ({ ...l, validationResult: null, additionalRemarks: [] })),
    };
    const { order } = settle(record, judged, opContext({ catalog: withoutDayReturn }));
    expect(order.orderLines.map((l) => [l.validationResult, l.additionalRemarks.length])).toEqual([
      [null, 0],
      ['valid', 0],
    ]);
  });

  it('a preliminary line makes the contents not valid; the total adds every line', () => {
    const { order } = conceptOrder(ctx, [lineOf('Day return'), lineOf('Single ticket', { quantity: 2 })]);
    expect(order.orderLines.map((l) => [l.validationResult, l.additionalRemarks.map((r) => r.code)])).toEqual([
      ['preliminary', ['VALIDFROM_REQUIRED']],
      ['valid', []],
    ]);
    expect([order.validContents, order.totalAmount]).toEqual([false, 515 + 550]);
  });

  it('an invalid line is named so, with its errors', () => {
    const { order } = conceptOrder(ctx, [lineOf('Anonymous card top-up', { customerTokens: [registered(42003, 1)] })]);
    expect(order.orderLines[0]).toMatchObject({
      validationResult: 'invalid',
      validationErrors: [{ pointer: '/customerTokens/0/transitTokenId' }],
    });
    expect(order.validContents).toBe(false);
  });

  it('stamps lastUpdatedOn with the time of the change', () => {
    const record = conceptOrder(ctx);
    expect(settle(record, record.order, opContext({ now: new Date('2031-03-02T10:00:00.000Z') })).order.lastUpdatedOn).toBe(
      '2031-03-02T10:00:00.000Z',
    );
    expect(record.order.lastUpdatedOn).toBe(NOW_ISO);
  });
});

describe('a mandate payment stands in for the mandate', () => {
  const commuter = () =>
    conceptOrder(ctx, [lineOf('Commuter direct debit', { validFrom: '2031-03-09T00:00:00.000Z', customerTokens: [registered(42005, 1)] })]);
  const remarks = (r: { order: { orderLines: { additionalRemarks: { code: string }[] }[] } }) =>
    r.order.orderLines[0]!.additionalRemarks.map((x) => x.code);

  it('a pending payment without mandate input does not', () => {
    const cash = valueOf(
      addPayment(
        conceptOrder(ctx),
        { paymentMethodId: 41, amountDebit: 100, operatorPaymentReference: 'cash', statusCode: 'PENDING' },
        ctx,
      ),
    );
    const record = commuter();
    expect(remarks(settle(record, { ...record.order, payments: cash.record.order.payments }, ctx))).toEqual(['MANDATE_REQUIRED']);
  });

  it('while it is pending or settled, not once it failed', () => {
    expect(remarks(commuter())).toEqual(['MANDATE_REQUIRED']);
    const pay = (statusCode: 'PENDING' | 'SETTLED') =>
      valueOf(
        addPayment(commuter(), { paymentMethodId: 42, amountDebit: 100, operatorPaymentReference: 'dd', statusCode, mandateInput }, ctx),
      );
    expect(remarks(pay('SETTLED').record)).toEqual([]);
    const pending = pay('PENDING');
    expect(remarks(pending.record)).toEqual([]);
    const failed = valueOf(changePaymentStatus(pending.record, pending.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(remarks(failed)).toEqual(['MANDATE_REQUIRED']);
  });
});

describe('withStatus', () => {
  it('puts the new status first, stamped now or at the time given', () => {
    const { order } = conceptOrder(ctx);
    const next = withStatus(order, 'awaitingPayment', 'Payment requested', ctx, '2031-03-01T00:00:00.000Z');
    expect(next.order_OrderStatuses.map((s) => [s.orderStatus, s.createdOn, s.description])).toEqual([
      [{ orderStatusId: 2, name: 'awaitingPayment' }, '2031-03-01T00:00:00.000Z', 'Payment requested'],
      [{ orderStatusId: 1, name: 'concept' }, NOW_ISO, 'Order created'],
    ]);
  });
});
