import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import type { CreateOrderInput, OrderLineInput } from '../shared/schemas/requests';
import { notFound, type Result } from './result';
import type { Caller, OrderService } from './service';
import { openDatabase } from './store/sqlite/database';
import { sqliteOrderStore } from './store/sqlite/store';
import { NOW_ISO, lineOf, serviceOver, valueOf } from '../server/testing/orderRecords';

/**
 * docs/api.md §7.3 and §7.4 at the service: who may change an order (its touchpoint; a payment
 * provider only a payment's status), who may see it (a customer only their own), and what a
 * 409, a list and the deletions tell each caller.
 */

const clerk: Caller = { touchpointId: 501, customerProfileId: null };
const otherClerk: Caller = { touchpointId: 502, customerProfileId: null };
const provider: Caller = { touchpointId: 502, customerProfileId: null, reportsPayments: true };
/** Customer 77002 owns token 42002; 77004 owns 42005. */
const customer: Caller = { touchpointId: 501, customerProfileId: 77002 };
const otherCustomer: Caller = { touchpointId: 501, customerProfileId: 77001 };

const registeredTopUp = lineOf('Registered top-up', { customerTokens: [{ tokenTypeId: 2, transitTokenId: 42002 }] });
const anonymousTopUp = lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1, transitTokenId: 42005 }] });
const body = (orderLines: OrderLineInput[] = [lineOf('Single ticket')], extra: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  externalOrderId: null,
  languageId: 31,
  orderLines,
  ...extra,
});
const payment = (amountDebit: number, statusCode: 'PENDING' | 'SETTLED' = 'PENDING') => ({
  paymentMethodId: 41,
  amountDebit,
  operatorPaymentReference: `op-${amountDebit}`,
  statusCode,
});
const forbidden = (touchpointId: number) => ({
  ok: false,
  refusal: { kind: 'forbidden', detail: `The order belongs to touchpoint ${touchpointId}; only that touchpoint may change it.` },
});

let store: ReturnType<typeof sqliteOrderStore>;
let service: OrderService;
beforeEach(() => {
  store = sqliteOrderStore(openDatabase(':memory:'));
  service = serviceOver(store);
});
afterEach(() => store.close());

const create = async (who: Caller, orderLines?: OrderLineInput[], extra?: Partial<CreateOrderInput>) =>
  valueOf(await service.create(body(orderLines, extra), who));
/** A list page's answers (service.list joins their JSON texts). */
const answers = (page: Awaited<ReturnType<OrderService['list']>>) =>
  JSON.parse(Buffer.concat(page.body(Buffer.from('['), Buffer.from(']'))).toString()) as Order[];
const tokenRecords = (result: Result<Order>) =>
  valueOf(result)
    .orderLines.flatMap((l) => l.customerTokens ?? [])
    .map((t) => t.transitToken?.transitTokenId ?? null);

describe('who may change an order', () => {
  it('another touchpoint may not change it, by any operation', async () => {
    const o = await create(clerk);
    const lineId = o.orderLines[0]!.orderLineId;
    const attempts = [
      service.patch(o.orderId, { languageId: 32 }, otherClerk),
      service.addLine(o.orderId, lineOf('Single ticket'), otherClerk),
      service.patchLine(lineId, { quantity: 2 }, otherClerk),
      service.removeLine(lineId, otherClerk),
      service.setCustomer(
        o.orderId,
        { birthname: 'A', surname: 'B', prefix: '', emailAddress: 'a@b.test', dateOfBirth: '1990-01-01', orderCustomerAddresses: [] },
        otherClerk,
      ),
      service.addPayment(o.orderId, payment(275, 'SETTLED'), otherClerk),
      service.cancel(o.orderId, otherClerk),
      service.remove(o.orderId, otherClerk),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt).toEqual(forbidden(501));
    expect((await store.get(o.orderId))!.version).toBe(0);
  });

  it('a payment provider may report on the payment of any touchpoint, but change nothing else', async () => {
    const o = await create(clerk);
    const pending = valueOf(await service.addPayment(o.orderId, payment(275), clerk));
    const paymentId = pending.payments[0]!.paymentId;
    expect(await service.paymentStatus(paymentId, { statusCode: 'SETTLED' }, otherClerk)).toEqual(forbidden(501));
    expect(await service.patchLine(o.orderLines[0]!.orderLineId, { quantity: 2 }, provider)).toEqual(forbidden(501));
    expect(await service.patch(o.orderId, { languageId: 32 }, provider)).toEqual(forbidden(501));
    const settled = valueOf(await service.paymentStatus(paymentId, { statusCode: 'SETTLED' }, provider));
    expect(settled.order_OrderStatuses[0]!.orderStatus.name).toBe('paid');
  });

  it('the owning touchpoint makes every change, each answered with the order as stored', async () => {
    const o = await create(clerk);
    const added = valueOf(await service.addLine(o.orderId, lineOf('Single ticket'), clerk));
    const [first, second] = added.orderLines.map((l) => l.orderLineId);
    expect(valueOf(await service.patchLine(first!, { quantity: 2 }, clerk)).totalAmount).toBe(275 * 3);
    expect(valueOf(await service.removeLine(second!, clerk)).orderLines).toHaveLength(1);
    const customerInput = {
      birthname: 'Ada',
      surname: 'L',
      prefix: '',
      emailAddress: 'ada@example.test',
      dateOfBirth: '1990-01-01',
      orderCustomerAddresses: [],
    };
    expect(valueOf(await service.setCustomer(o.orderId, customerInput, clerk)).orderCustomer!.surname).toBe('L');
    const paid = valueOf(await service.addPayment(o.orderId, payment(550, 'SETTLED'), clerk));
    expect(paid.order_OrderStatuses[0]!.orderStatus.name).toBe('paid');
    expect(valueOf(await service.deliver(o.orderId, clerk)).order_OrderStatuses[0]!.orderStatus.name).toBe('delivered');
    const refund = {
      paymentMethodId: 41,
      amountDebit: 550,
      operatorPaymentReference: 'rf',
      reason: 'strike',
      statusCode: 'SETTLED' as const,
    };
    expect(valueOf(await service.refund(o.orderId, refund, clerk)).order_OrderStatuses[0]!.orderStatus.name).toBe('cancelled');
    expect((await store.get(o.orderId))!.version).toBe(7);
  });

  it('cancels and deletes for the owner; a refused operation changes nothing', async () => {
    const o = await create(clerk);
    expect(await service.deliver(o.orderId, clerk)).toMatchObject({ ok: false, refusal: { kind: 'invalid' } });
    expect((await store.get(o.orderId))!.version).toBe(0);
    expect(valueOf(await service.cancel(o.orderId, clerk)).order_OrderStatuses[0]!.orderStatus.name).toBe('cancelled');
    expect(await service.remove(o.orderId, clerk)).toEqual({ ok: true, value: true });
    expect(await store.get(o.orderId)).toBeUndefined();
  });

  it('an order that may not be deleted stays', async () => {
    const o = await create(clerk);
    await service.addPayment(o.orderId, payment(275, 'SETTLED'), clerk);
    expect(await service.remove(o.orderId, clerk)).toMatchObject({
      ok: false,
      refusal: { kind: 'invalid', title: 'The order cannot be deleted' },
    });
    expect(await store.get(o.orderId)).toBeDefined();
  });

  it('unknown orders, lines and payments are not found', async () => {
    expect(await service.patch('nope', {}, clerk)).toEqual(notFound('there is no order nope'));
    expect(await service.remove('nope', clerk)).toEqual(notFound('there is no order nope'));
    expect(await service.get('nope', clerk)).toEqual(notFound('there is no order nope'));
    expect(await service.removeLine('nope', clerk)).toEqual(notFound('there is no order line nope'));
    expect(await service.paymentStatus('nope', { statusCode: 'SETTLED' }, provider)).toEqual(notFound('there is no payment nope'));
  });

  it('a touchpoint the catalogue does not know may not create orders', async () => {
    expect(await service.create(body(), { touchpointId: 599, customerProfileId: null })).toEqual({
      ok: false,
      refusal: { kind: 'forbidden', detail: 'Touchpoint 599 is unknown.' },
    });
  });

  it('an invalid order is refused and nothing is stored', async () => {
    expect(await service.create(body([lineOf('Single ticket', { productId: 1 })]), clerk)).toMatchObject({
      ok: false,
      refusal: { kind: 'invalid', errors: [{ pointer: '/orderLines/0/productId' }] },
    });
    expect((await store.list({}, 10, null)).rows).toEqual([]);
  });
});

describe('what a customer sees', () => {
  it("their own orders only; another customer's is not found, its lines and payments too", async () => {
    const o = await create(customer);
    expect(valueOf(await service.get(o.orderId, customer)).orderId).toBe(o.orderId);
    expect(valueOf(await service.get(o.orderId, clerk)).orderId).toBe(o.orderId);
    expect(await service.get(o.orderId, otherCustomer)).toEqual(notFound(`there is no order ${o.orderId}`));
    expect(await service.patch(o.orderId, { languageId: 32 }, otherCustomer)).toEqual(notFound(`there is no order ${o.orderId}`));
    const lineId = o.orderLines[0]!.orderLineId;
    expect(await service.patchLine(lineId, { quantity: 2 }, otherCustomer)).toEqual(notFound(`there is no order line ${lineId}`));
    const paid = valueOf(await service.addPayment(o.orderId, payment(275), customer));
    const paymentId = paid.payments[0]!.paymentId;
    expect(await service.paymentStatus(paymentId, { statusCode: 'SETTLED' }, otherCustomer)).toEqual(
      notFound(`there is no payment ${paymentId}`),
    );
  });

  it("only their own tokens' records, and another customer's token is unknown to them", async () => {
    const o = await create(clerk, [registeredTopUp, anonymousTopUp]);
    expect(o.customerProfileId).toBe(77002);
    expect(tokenRecords(await service.get(o.orderId, clerk))).toEqual([42002, 42005]);
    expect(tokenRecords(await service.get(o.orderId, customer))).toEqual([42002, null]);
    expect(await service.create(body([anonymousTopUp]), customer)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'there is no transit token 42005' }] },
    });
  });

  it('their orders in a list, with their tokens presented while the order is open', async () => {
    const open = await create(clerk, [registeredTopUp, anonymousTopUp]);
    await create(otherCustomer);
    const listed = answers(await service.list({}, customer, null));
    expect(listed.map((o) => o.orderId)).toEqual([open.orderId]);
    expect(tokenRecords({ ok: true, value: listed[0]! })).toEqual([42002, null]);
    const all = answers(await service.list({}, clerk, null));
    expect(all).toHaveLength(2);
    expect(tokenRecords({ ok: true, value: all.find((o) => o.orderId === open.orderId)! })).toEqual([42002, 42005]);
  });

  it('the deletions of their own orders only', async () => {
    const own = await create(customer);
    const other = await create(clerk);
    await service.remove(own.orderId, customer);
    await service.remove(other.orderId, clerk);
    expect((await service.deleted({}, customer, null)).rows.map((r) => r.orderId)).toEqual([own.orderId]);
    expect((await service.deleted({}, clerk, null)).rows.map((r) => r.orderId).sort()).toEqual([own.orderId, other.orderId].sort());
    expect((await service.deleted({ touchpointId: 502 }, clerk, null)).rows).toEqual([]);
  });
});

describe('lists', () => {
  it('a paid order is listed as stored, without token records', async () => {
    const o = await create(clerk, [registeredTopUp]);
    await service.addPayment(o.orderId, payment(1500, 'SETTLED'), clerk);
    const text = Buffer.concat((await service.list({}, clerk, null)).body(Buffer.alloc(0), Buffer.alloc(0))).toString();
    expect(text).toBe((await store.list({}, 1, null)).rows[0]!.doc);
    expect(tokenRecords({ ok: true, value: JSON.parse(text) as Order })).toEqual([null]);
  });

  it('finds orders by a token xTat in any case, and by nothing else', async () => {
    const withToken = await create(clerk, [registeredTopUp]);
    await create(clerk);
    const xTat = 'a1b2c3d4-0000-4000-8000-00000000a412'.toUpperCase();
    const found = answers(await service.list({ xTat }, clerk, null)).map((o) => o.orderId);
    expect(found).toEqual([withToken.orderId]);
    expect(answers(await service.list({ xTat: 'no-such-card' }, clerk, null))).toEqual([]);
  });

  it("applies the query's filters", async () => {
    const o = await create(clerk);
    await create(otherClerk);
    const ids = async (query: Parameters<OrderService['list']>[0]) => answers(await service.list(query, clerk, null)).map((o) => o.orderId);
    expect(await ids({ touchpointId: 501 })).toEqual([o.orderId]);
    expect(await ids({ orderId: o.orderId })).toEqual([o.orderId]);
    expect(await ids({ orderStatusId: [4] })).toEqual([]);
  });

  it('pages at 100 by default, or at the limit asked', async () => {
    let asked: number[] = [];
    service = serviceOver({
      ...store,
      listJoined: (filter, limit, after) => ((asked = [...asked, limit]), store.listJoined(filter, limit, after)),
    });
    await create(clerk);
    await create(clerk);
    expect((await service.list({}, clerk, null)).next).toBeNull();
    const first = await service.list({ limit: 1 }, clerk, null);
    expect(answers(first)).toHaveLength(1);
    expect(answers(await service.list({ limit: 1 }, clerk, first.next))).toHaveLength(1);
    expect(asked).toEqual([100, 1, 1]);
  });
});

describe('a repeated externalOrderId (409)', () => {
  it('names the existing order to a caller who may read it, not to another customer', async () => {
    const o = await create(customer, undefined, { externalOrderId: 'ext-1' });
    const conflict = (orderId?: string) => ({
      ok: false,
      refusal: {
        kind: 'conflict',
        detail: 'An order with this externalOrderId already exists for this touchpoint.',
        errors: [{ detail: 'the externalOrderId is already used', pointer: '/externalOrderId', ...(orderId ? { orderId } : {}) }],
      },
    });
    expect(await service.create(body(undefined, { externalOrderId: 'ext-1' }), clerk)).toEqual(conflict(o.orderId));
    expect(await service.create(body(undefined, { externalOrderId: 'ext-1' }), customer)).toEqual(conflict(o.orderId));
    expect(await service.create(body(undefined, { externalOrderId: 'ext-1' }), otherCustomer)).toEqual(conflict());
    // Another touchpoint has its own externalOrderIds.
    expect((await service.create(body(undefined, { externalOrderId: 'ext-1' }), otherClerk)).ok).toBe(true);
  });

  it('is answered before the repeated order is judged: an invalid repeat is a 409 too', async () => {
    const o = await create(clerk, undefined, { externalOrderId: 'ext-3' });
    const repeat = await service.create(body([lineOf('Single ticket', { productId: 1 })], { externalOrderId: 'ext-3' }), clerk);
    expect(repeat).toMatchObject({ ok: false, refusal: { kind: 'conflict', errors: [{ orderId: o.orderId }] } });
  });

  it('a create without externalOrderId looks none up', async () => {
    let lookups = 0;
    service = serviceOver({ ...store, findByExternalId: async (...args) => (lookups++, store.findByExternalId(...args)) });
    await create(clerk);
    await create(clerk, undefined, { externalOrderId: 'ext-4' });
    expect(lookups).toBe(1);
  });

  it('a create that loses the race to the same externalOrderId is answered the same 409', async () => {
    const o = await create(clerk, undefined, { externalOrderId: 'ext-2' });
    const racing = serviceOver({ ...store, findByExternalId: async () => undefined });
    expect(await racing.create(body(undefined, { externalOrderId: 'ext-2' }), clerk)).toMatchObject({
      ok: false,
      refusal: { kind: 'conflict', errors: [{ orderId: o.orderId }] },
    });
  });
});

describe('the service without a clock, ids or numbering given', () => {
  it('stamps the current time, makes random uuids and numbers from 100000001', async () => {
    const plain = serviceOver(store, { clock: undefined, newId: undefined, orderNumbering: undefined });
    const before = Date.now();
    const o = valueOf(await plain.create(body(), clerk));
    expect(Date.parse(o.createdOn)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(o.createdOn)).toBeLessThanOrEqual(Date.now());
    expect(o.createdOn).not.toBe(NOW_ISO);
    expect(o.orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(o.orderNumber).toBe('100000001');
  });
});
