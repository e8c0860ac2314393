import { describe, expect, it } from 'vitest';
import { tokenInputOf } from '../../../shared/orderInputs';
import type { Order } from '../../../shared/schemas/order';
import { FAST_DEVICE } from '../testing/fastSync';
import { planWorld } from '../testing/planWorld';
import { createBody, nextStep } from './plan';

/**
 * The steps sync plans from a local order and the central's copy: the create body, and the next
 * step for the order's own fields, its lines and its customer (its money and its end:
 * plan.payments.test.ts). The local orders are made by a clerk at a counter, the central's
 * copies by the central itself (its HTTP app, in this process): every step planned is also sent
 * to it, so a step the central would refuse fails here.
 */

const { world, created, send, converge, dispatch } = planWorld('b2b2b2b2');

/** A customer with a home and a postal address: each address goes by its type, without its local id. */
const CUSTOMER = {
  birthname: 'Ria',
  surname: 'Dijkstra',
  prefix: '',
  emailAddress: 'ria.dijkstra@example.org',
  dateOfBirth: '1957-09-14',
  orderCustomerAddresses: [
    {
      addressTypeId: 1,
      street: 'Kerkstraat',
      houseNumber: 12,
      houseNumberSuffix: 'b',
      postalCode: '3511AB',
      city: 'Utrecht',
      country: 'NL',
    },
    { addressTypeId: 2, street: 'Postbus', houseNumber: 400, houseNumberSuffix: '', postalCode: '3500AK', city: 'Utrecht', country: 'NL' },
  ],
};

/** A child's day ticket on an anonymous pass: a line with a customer token and a start date. */
const CHILD_TICKET = {
  productId: 102,
  quantity: 1,
  validFrom: '2024-05-02T10:00:00.000Z',
  customerTokens: [{ tokenTypeId: 2, passNumber: '3528 9999 0000 1111' }],
};

describe('the create body', () => {
  it('carries the local ids as external ids, the real creation time and every line field', async () => {
    const order = await world.anna.create([
      { productId: 600, quantity: 2 },
      { productId: 601, quantity: 1, validFrom: '2024-05-03T09:00:00.000Z' },
    ]);
    const [a, b] = order.orderLines;
    expect(createBody(order, FAST_DEVICE)).toEqual({
      externalOrderId: order.orderId,
      languageId: 1,
      externalDeviceId: order.device!.externalDeviceId,
      createdOn: order.createdOn,
      orderLines: [
        {
          productId: 600,
          vouchers: [],
          quantity: 2,
          validFrom: a!.validFrom,
          validUntil: a!.validUntil,
          customerTokens: null,
          externalOrderLineId: a!.orderLineId,
        },
        {
          productId: 601,
          vouchers: [],
          quantity: 1,
          validFrom: b!.validFrom,
          validUntil: b!.validUntil,
          customerTokens: null,
          externalOrderLineId: b!.orderLineId,
        },
      ],
    });
    expect(order.device!.externalDeviceId).not.toBe(FAST_DEVICE);
    expect(b!.validFrom).toBe('2024-05-03T09:00:00.000Z');
    expect(b!.validUntil).not.toBeNull();
    const central = await created(order);
    expect(central.externalOrderId).toBe(order.orderId);
    expect(central.createdOn).toBe(order.createdOn);
    expect(central.orderLines.map((l) => l.externalOrderLineId)).toEqual([a!.orderLineId, b!.orderLineId]);
  });

  it('names the order’s own device when it has one, else the counter’s', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const device = { externalDeviceId: '5eed0000-0000-0000-0000-000000000002', alias: 'Balie CS kassa 2' };
    expect(createBody({ ...order, device }, FAST_DEVICE).externalDeviceId).toBe(device.externalDeviceId);
    expect(createBody({ ...order, device: null }, FAST_DEVICE).externalDeviceId).toBe(FAST_DEVICE);
  });

  it('sends a line’s customer tokens as their inputs', async () => {
    const order = await world.anna.create([CHILD_TICKET]);
    const tokens = order.orderLines[0]!.customerTokens!;
    expect(tokens).toHaveLength(1);
    expect(createBody(order, FAST_DEVICE).orderLines[0]!.customerTokens).toEqual(tokens.map(tokenInputOf));
    const central = await created(order);
    expect(central.orderLines[0]!.customerTokens![0]!.passNumber).toBe('3528 9999 0000 1111');
  });
});

describe('the next step', () => {
  it('is none when the central’s copy says what the local order says', async () => {
    const order = await world.anna.create([CHILD_TICKET, { productId: 600, quantity: 3 }]);
    const withCustomer = await dispatch('orders.setCustomer', { orderId: order.orderId, customer: CUSTOMER });
    const central = await created(order);
    const { steps } = await converge(withCustomer, central);
    expect(steps).toEqual(['PUT /orders/C/customer']);
    const agreed = await converge(withCustomer, (await converge(withCustomer, central)).central);
    expect(agreed.steps).toEqual([]);
  });

  it('patches the language and the device first, each only when it differs', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const dutch = await dispatch('orders.patch', { orderId: order.orderId, patch: { languageId: 2 } });
    const added = await dispatch('lines.add', { orderId: order.orderId, line: { productId: 600, quantity: 1 } });
    expect(nextStep({ ...added, language: dutch.language }, central)).toEqual({
      method: 'PATCH',
      path: `/orders/${central.orderId}`,
      body: { languageId: 2 },
    });
    const device = { externalDeviceId: '5eed0000-0000-0000-0000-000000000003', alias: 'Balie Zuid kassa 1' };
    expect(nextStep({ ...order, device }, central)).toEqual({
      method: 'PATCH',
      path: `/orders/${central.orderId}`,
      body: { externalDeviceId: device.externalDeviceId },
    });
    expect(nextStep({ ...order, device: null }, central)).toBeNull();
    expect(nextStep(order, { ...central, device: null })?.body).toEqual({ externalDeviceId: order.device!.externalDeviceId });
    expect(nextStep({ ...dutch, device }, central)?.body).toEqual({ languageId: 2, externalDeviceId: device.externalDeviceId });
    await send(nextStep({ ...dutch, device }, central)!);
  });

  it('removes a line the central has and the order has not, before adding one it lacks', async () => {
    const order = await world.anna.create([
      { productId: 600, quantity: 1 },
      { productId: 601, quantity: 1, validFrom: '2024-05-03T09:00:00.000Z' },
    ]);
    const central = await created(order);
    const [, dropped] = order.orderLines;
    await world.anna.removeLine(dropped!.orderLineId);
    const after = await world.anna.addLine(order.orderId, CHILD_TICKET);
    const added = after.orderLines.at(-1)!;
    const gone = central.orderLines.find((l) => l.externalOrderLineId === dropped!.orderLineId)!;
    expect(nextStep(after, central)).toEqual({ method: 'DELETE', path: `/orderlines/${gone.orderLineId}` });
    const withoutIt = await send(nextStep(after, central)!);
    expect(nextStep(after, withoutIt)).toEqual({
      method: 'POST',
      path: `/orders/${central.orderId}/orderlines`,
      body: {
        productId: 102,
        vouchers: [],
        quantity: 1,
        validFrom: added.validFrom,
        validUntil: added.validUntil,
        customerTokens: added.customerTokens!.map(tokenInputOf),
        externalOrderLineId: added.orderLineId,
        createdOn: added.createdOn,
      },
    });
    const { steps, central: last } = await converge(after, withoutIt);
    expect(steps).toEqual(['POST /orders/C/orderlines']);
    expect(last.orderLines.map((l) => l.externalOrderLineId)).toEqual(after.orderLines.map((l) => l.orderLineId));
  });

  it('patches a line whose fields changed, under the central’s line id', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const line = order.orderLines[0]!;
    const changed = await dispatch('lines.patch', { orderLineId: line.orderLineId, patch: { quantity: 4 } });
    const there = central.orderLines[0]!;
    expect(nextStep(changed, central)).toEqual({
      method: 'PATCH',
      path: `/orderlines/${there.orderLineId}`,
      body: { productId: 600, vouchers: [], quantity: 4, validFrom: line.validFrom, validUntil: line.validUntil, customerTokens: null },
    });
    expect((await converge(changed, central)).central.orderLines[0]!.quantity).toBe(4);
  });

  it('knows a line of a copy adopted under the central’s ids by its id', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const adopted = { ...central, orderLines: central.orderLines.map((l) => ({ ...l, externalOrderLineId: null })) };
    expect(nextStep(central, adopted)).toBeNull();
  });

  it('leaves the lines and the customer of an order no longer open alone', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const paid = await world.anna.pay(order.orderId, order.totalAmount);
    const central = (await converge(paid, await created(order))).central;
    const more = {
      ...paid,
      orderLines: [...paid.orderLines, { ...paid.orderLines[0]!, orderLineId: 'f0f0f0f0-0000-4000-8000-000000000001' }],
    };
    expect(nextStep(more, central)).toBeNull();
    const customer = {
      ...CUSTOMER,
      orderCustomerAddresses: [],
      dateOfBirth: CUSTOMER.dateOfBirth,
    };
    const withCustomer = { ...paid, orderCustomer: { orderCustomerId: 'x', ...customer } } as unknown as Order;
    expect(nextStep(withCustomer, central)).toBeNull();
  });

  it('puts the customer with its addresses by type, without their local ids', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const withCustomer = await dispatch('orders.setCustomer', { orderId: order.orderId, customer: CUSTOMER });
    expect(nextStep(withCustomer, central)).toEqual({ method: 'PUT', path: `/orders/${central.orderId}/customer`, body: CUSTOMER });
    const there = await send(nextStep(withCustomer, central)!);
    expect(nextStep(withCustomer, there)).toBeNull();
    const renamed = await dispatch('orders.setCustomer', { orderId: order.orderId, customer: { ...CUSTOMER, surname: 'Visser' } });
    expect(nextStep(renamed, there)?.body).toEqual({ ...CUSTOMER, surname: 'Visser' });
  });
});
