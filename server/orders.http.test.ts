import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, pointers, statusOf, type Harness } from './testing/harness';
import { createOrder, line, paidOrder, pay } from './testing/orders';
import { daysAfter } from './testing/roles';

/** docs/api.md §0.4–4.5 and docs/api.md §4: each operation's answer, success and refusal. */

const UNKNOWN = '00000000-0000-4000-8000-0000deadbeef';

describe.each(scenarios())('orders over HTTP ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  describe('POST /orders', () => {
    it('creates a concept order with pending lines, amounts in cents and the caller touchpoint', async () => {
      const { plain, language, device, touchpoint } = h.roles;
      const o = await createOrder(h, [line(plain, { quantity: 3, externalOrderLineId: 'L-1' })], {
        externalOrderId: 'web-1',
        externalDeviceId: device.externalDeviceId,
      });
      expect(o).toMatchObject({
        externalOrderId: 'web-1',
        orderNumber: '100000001',
        customerProfileId: 0,
        validContents: true,
        device: { externalDeviceId: device.externalDeviceId, alias: device.alias },
        vouchers: [],
        totalAmount: plain.amountInclTax * 3,
        touchPoint: touchpoint,
        language,
        createdOn: now,
        lastUpdatedOn: now,
        payments: [],
        orderCustomer: null,
      });
      expect(o.order_OrderStatuses).toEqual([
        {
          order_orderStatusId: expect.any(String),
          orderStatus: { orderStatusId: 1, name: 'concept' },
          createdOn: now,
          description: expect.any(String),
        },
      ]);
      const [l] = o.orderLines;
      const incl = plain.amountInclTax * 3;
      const excl = plain.taxPercentage === null ? null : Math.round(incl / (1 + plain.taxPercentage / 100));
      expect(l).toMatchObject({
        externalOrderLineId: 'L-1',
        productId: plain.productId,
        productName: plain.productName,
        productDescription: plain.productDescription,
        fikoArticleNumber: plain.fikoArticleNumber,
        taxCode: plain.taxCode,
        taxPercentage: plain.taxPercentage,
        amountInclTax: incl,
        amountExclTax: excl,
        taxAmount: excl === null ? null : incl - excl,
        quantity: 3,
        validFrom: null,
        validUntil: null,
        orderLineStatus: { orderLineStatusId: 1, name: 'pending' },
        customerTokens: null,
        validationResult: 'valid',
        additionalRemarks: [],
        validationErrors: [],
      });
      expect(l!.orderLineTerms.map((t) => t.termsUrl)).toEqual(plain.termsUrls);
      expect(l!.orderAccountingStatuses).toEqual([
        {
          orderAccountingStatusId: expect.any(String),
          accountingStatus: { accountingStatusId: 1, name: 'open' },
          createdOn: now,
          description: expect.any(String),
        },
      ]);
    });

    it('numbers orders uniquely and upwards, and keeps the createdOn of an order taken offline', async () => {
      const first = await createOrder(h);
      const offline = await createOrder(h, undefined, { createdOn: '2026-01-02T03:04:05+01:00' });
      expect([first.orderNumber, offline.orderNumber]).toEqual(['100000001', '100000002']);
      expect(offline.createdOn).toBe('2026-01-02T02:04:05.000Z');
      expect(offline.order_OrderStatuses[0]!.createdOn).toBe('2026-01-02T02:04:05.000Z');
      expect(offline.orderLines[0]!.createdOn).toBe('2026-01-02T02:04:05.000Z');
      // lastUpdatedOn is the central's change stamp, never the client's createdOn: on a clock
      // that stands still, one millisecond past the first order's (docs/api.md §8).
      expect(offline.lastUpdatedOn).toBe(new Date(Date.parse(now) + 1).toISOString());
    });

    it('reads a time stamp without a zone as UTC and answers it with a Z', async () => {
      const { needsValidFrom } = h.roles;
      const start = daysAfter(now, 2).slice(0, 19);
      const o = await createOrder(h, [line(needsValidFrom, { validFrom: start })]);
      expect(o.orderLines[0]!.validFrom).toBe(`${start}.000Z`);
      expect(o.orderLines[0]!.validUntil).toBe(daysAfter(`${start}Z`, needsValidFrom.validityDays!));
    });
  });

  describe('GET /orders/{orderId}', () => {
    it('answers the order as created', async () => {
      const created = await createOrder(h);
      expect(expectOrder(await h.call('GET', `${API}/orders/${created.orderId}`))).toEqual(created);
    });

    it('404 for an unknown order, 400 for an id that is not a uuid', async () => {
      expectProblem(await h.call('GET', `${API}/orders/${UNKNOWN}`), 404);
      const bad = expectProblem(await h.call('GET', `${API}/orders/12345`), 400);
      expect(pointers(bad)).toEqual(['/orderId']);
    });
  });

  describe('PATCH /orders/{orderId}', () => {
    it('changes the language and the device and answers the whole order', async () => {
      const o = await createOrder(h);
      h.clock.advance(60_000);
      const { otherLanguage, device } = h.roles;
      const patched = expectOrder(
        await h.call('PATCH', `${API}/orders/${o.orderId}`, {
          body: { languageId: otherLanguage.languageId, externalDeviceId: device.externalDeviceId },
        }),
      );
      expect(patched.language).toEqual(otherLanguage);
      expect(patched.device).toEqual({ externalDeviceId: device.externalDeviceId, alias: device.alias });
      expect(patched.lastUpdatedOn).toBe(h.clock.now.toISOString());
      expect(patched.orderLines).toEqual(o.orderLines);
    });

    it('refuses an unknown language, an empty body, and an unknown order', async () => {
      const o = await createOrder(h);
      const unknown = expectProblem(
        await h.call('PATCH', `${API}/orders/${o.orderId}`, { body: { languageId: h.roles.unknownLanguageId } }),
        400,
      );
      expect(pointers(unknown)).toEqual(['/languageId']);
      expectProblem(await h.call('PATCH', `${API}/orders/${o.orderId}`, { body: {} }), 400);
      expectProblem(await h.call('PATCH', `${API}/orders/${UNKNOWN}`, { body: { languageId: h.roles.language.languageId } }), 404);
      expect(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`)).language).toEqual(h.roles.language);
    });

    it('refuses to change a paid order, naming its status', async () => {
      const o = await paidOrder(h);
      const p = expectProblem(
        await h.call('PATCH', `${API}/orders/${o.orderId}`, { body: { languageId: h.roles.otherLanguage.languageId } }),
        400,
      );
      expect(p.errors[0]).toMatchObject({ orderStatusId: 4, detail: expect.stringContaining('paid') });
    });
  });

  describe('DELETE /orders/{orderId}', () => {
    it('removes a concept order: 200 without a body, then 404', async () => {
      const o = await createOrder(h);
      const res = await h.call('DELETE', `${API}/orders/${o.orderId}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expectProblem(await h.call('GET', `${API}/orders/${o.orderId}`), 404);
      expectProblem(await h.call('DELETE', `${API}/orders/${o.orderId}`), 404);
    });

    it('removes a cancelled order, and one awaiting payment after a failed payment', async () => {
      const o = await createOrder(h);
      expectOrder(await h.call('POST', `${API}/orders/${o.orderId}/cancellation`));
      expect((await h.call('DELETE', `${API}/orders/${o.orderId}`)).status).toBe(200);
      const failed = await pay(h, await createOrder(h));
      const awaiting = expectOrder(
        await h.call('POST', `${API}/payments/${failed.payments[0]!.paymentId}/status`, { body: { statusCode: 'FAILED' } }),
      );
      expect(statusOf(awaiting).name).toBe('awaitingPayment');
      expect((await h.call('DELETE', `${API}/orders/${failed.orderId}`)).status).toBe(200);
      expectProblem(await h.call('GET', `${API}/orders/${failed.orderId}`), 404);
    });

    it.each([
      ['pendingPayment', 3],
      ['paid', 4],
      ['delivered', 5],
    ] as const)('refuses a %s order, the element naming the status and its orderStatusId', async (name, id) => {
      const o = name === 'pendingPayment' ? await pay(h, await createOrder(h)) : await paidOrder(h);
      if (name === 'delivered') expectOrder(await h.call('POST', `${API}/orders/${o.orderId}/delivery`));
      const p = expectProblem(await h.call('DELETE', `${API}/orders/${o.orderId}`), 400);
      expect(p.errors).toEqual([expect.objectContaining({ orderStatusId: id, detail: expect.stringContaining(name) })]);
      expect(statusOf(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`))).orderStatusId).toBe(id);
    });
  });

  describe('order lines', () => {
    it('POST /orderlines adds a pending line and answers the whole order (200)', async () => {
      const { plain, needsValidFrom } = h.roles;
      const o = await createOrder(h);
      h.clock.advance(1000);
      const res = await h.call('POST', `${API}/orders/${o.orderId}/orderlines`, {
        body: { ...line(needsValidFrom, { quantity: 2 }), createdOn: '2026-01-01T00:00:00Z' },
      });
      const added = expectOrder(res, 200);
      expect(added.orderLines).toHaveLength(2);
      expect(added.orderLines[1]).toMatchObject({
        productId: needsValidFrom.productId,
        createdOn: '2026-01-01T00:00:00.000Z',
        orderLineStatus: { orderLineStatusId: 1, name: 'pending' },
        validationResult: 'preliminary',
        additionalRemarks: [{ code: 'VALIDFROM_REQUIRED', parameter: 'orderline.validFrom' }],
      });
      expect(added.totalAmount).toBe(plain.amountInclTax + needsValidFrom.amountInclTax * 2);
      expect(added.validContents).toBe(false);
    });

    it('POST /orderlines refuses an unknown product and an unknown order', async () => {
      const o = await createOrder(h);
      const p = expectProblem(
        await h.call('POST', `${API}/orders/${o.orderId}/orderlines`, {
          body: { productId: h.roles.unknownProductId, quantity: 1, vouchers: [] },
        }),
        400,
      );
      expect(p.errors).toEqual([expect.objectContaining({ pointer: '/productId', productId: h.roles.unknownProductId })]);
      expectProblem(await h.call('POST', `${API}/orders/${UNKNOWN}/orderlines`, { body: line(h.roles.plain) }), 404);
    });

    it('PATCH /orderlines: the line takes on the new product and quantity', async () => {
      const { plain, needsValidFrom } = h.roles;
      const o = await createOrder(h);
      const lineId = o.orderLines[0]!.orderLineId;
      const start = daysAfter(now, 1);
      const patched = expectOrder(
        await h.call('PATCH', `${API}/orderlines/${lineId}`, {
          body: { productId: needsValidFrom.productId, quantity: 4, validFrom: start },
        }),
      );
      expect(patched.orderLines[0]).toMatchObject({
        orderLineId: lineId,
        productId: needsValidFrom.productId,
        productName: needsValidFrom.productName,
        productDescription: needsValidFrom.productDescription,
        fikoArticleNumber: needsValidFrom.fikoArticleNumber,
        taxCode: needsValidFrom.taxCode,
        taxPercentage: needsValidFrom.taxPercentage,
        amountInclTax: needsValidFrom.amountInclTax * 4,
        quantity: 4,
        validFrom: start,
        validUntil: daysAfter(start, needsValidFrom.validityDays!),
        validationResult: 'valid',
      });
      expect(patched.orderLines[0]!.orderLineTerms.map((t) => t.termsUrl)).toEqual(needsValidFrom.termsUrls);
      expect(patched.totalAmount).toBe(needsValidFrom.amountInclTax * 4);
      expect(plain.productId).not.toBe(needsValidFrom.productId);
    });

    it('PATCH /orderlines refuses a start more than 60 days ahead with its own title', async () => {
      const o = await createOrder(h, [line(h.roles.needsValidFrom)]);
      const lineId = o.orderLines[0]!.orderLineId;
      const p = expectProblem(await h.call('PATCH', `${API}/orderlines/${lineId}`, { body: { validFrom: daysAfter(now, 61) } }), 400);
      expect(p.title).toBe('The start date of the product is not allowed');
      expect(p.errors).toEqual([
        {
          detail: 'the product start date may be at most 60 days in the future',
          pointer: '/validFrom',
          productId: h.roles.needsValidFrom.productId,
        },
      ]);
      const ok = expectOrder(await h.call('PATCH', `${API}/orderlines/${lineId}`, { body: { validFrom: daysAfter(now, 60) } }));
      expect(ok.orderLines[0]!.validFrom).toBe(daysAfter(now, 60));
    });

    it("PATCH /orderlines refuses a validUntil before the line's validFrom, and an unknown line", async () => {
      const o = await createOrder(h, [line(h.roles.needsValidFrom, { validFrom: daysAfter(now, 5) })]);
      const lineId = o.orderLines[0]!.orderLineId;
      const p = expectProblem(await h.call('PATCH', `${API}/orderlines/${lineId}`, { body: { validUntil: daysAfter(now, 4) } }), 400);
      expect(pointers(p)).toEqual(['/validUntil']);
      expectProblem(await h.call('PATCH', `${API}/orderlines/${UNKNOWN}`, { body: { quantity: 2 } }), 404);
    });

    it('DELETE /orderlines answers the order without the line, its total recomputed (0 when none remain)', async () => {
      const { plain, needsValidFrom } = h.roles;
      const o = await createOrder(h, [line(plain), line(needsValidFrom, { validFrom: now })]);
      const [first, second] = o.orderLines;
      const one = expectOrder(await h.call('DELETE', `${API}/orderlines/${first!.orderLineId}`));
      expect(one.orderLines.map((l) => l.orderLineId)).toEqual([second!.orderLineId]);
      expect(one.totalAmount).toBe(needsValidFrom.amountInclTax);
      const none = expectOrder(await h.call('DELETE', `${API}/orderlines/${second!.orderLineId}`));
      expect(none).toMatchObject({ orderLines: [], totalAmount: 0, validContents: false });
      expect(statusOf(none).name).toBe('concept');
      expectProblem(await h.call('DELETE', `${API}/orderlines/${second!.orderLineId}`), 404);
    });

    it.each(['POST', 'PATCH', 'DELETE'])('%s on the lines of an order that is not concept is refused', async (method) => {
      const o = await pay(h, await createOrder(h));
      const lineId = o.orderLines[0]!.orderLineId;
      const res =
        method === 'POST'
          ? await h.call('POST', `${API}/orders/${o.orderId}/orderlines`, { body: line(h.roles.plain) })
          : await h.call(method, `${API}/orderlines/${lineId}`, method === 'PATCH' ? { body: { quantity: 2 } } : {});
      const p = expectProblem(res, 400);
      expect(p.errors).toEqual([expect.objectContaining({ orderStatusId: 3, detail: expect.stringContaining('pendingPayment') })]);
      expect(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`)).orderLines).toEqual(o.orderLines);
    });
  });

  describe('PUT /orders/{orderId}/customer', () => {
    const customer = {
      birthname: 'Jansen',
      surname: 'Jansen-de Vries',
      prefix: 'de',
      emailAddress: 'j.jansen@example.org',
      dateOfBirth: '1980-02-29',
      orderCustomerAddresses: [
        {
          addressTypeId: 3,
          street: 'Stationsplein',
          houseNumber: 1,
          houseNumberSuffix: 'A',
          postalCode: '3511 ED',
          city: 'Utrecht',
          country: 'NL',
        },
      ],
    };

    it('sets the order customer', async () => {
      const o = await createOrder(h);
      const set = expectOrder(await h.call('PUT', `${API}/orders/${o.orderId}/customer`, { body: customer }));
      const {
        orderCustomerAddresses: [address],
        ...rest
      } = customer;
      const { addressTypeId: _id, ...addressFields } = address!;
      expect(set.orderCustomer).toEqual({
        orderCustomerId: expect.any(String),
        ...rest,
        orderCustomerAddresses: [
          { orderCustomerAddressId: expect.any(String), addressType: { addressTypeId: 3, name: 'Billing' }, ...addressFields },
        ],
      });
    });

    it('refuses a bad e-mail address, date of birth or country, and an unknown order', async () => {
      const o = await createOrder(h);
      const bad = {
        ...customer,
        emailAddress: 'nope',
        dateOfBirth: '1980-02-30',
        orderCustomerAddresses: [{ ...customer.orderCustomerAddresses[0], country: 'Netherlands' }],
      };
      const p = expectProblem(await h.call('PUT', `${API}/orders/${o.orderId}/customer`, { body: bad }), 400);
      expect(pointers(p).sort()).toEqual(['/dateOfBirth', '/emailAddress', '/orderCustomerAddresses/0/country']);
      expectProblem(await h.call('PUT', `${API}/orders/${UNKNOWN}/customer`, { body: customer }), 404);
    });
  });

  it('GET /products answers the catalogue with its rules', async () => {
    const res = await h.call<{ products: unknown[] }>('GET', `${API}/products`);
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(fixtures.products);
  });

  it('publishes an OpenAPI 3.1 description naming every operation', async () => {
    const res = await h.call<{ openapi: string; paths: Record<string, object> }>('GET', `${API}/openapi.json`);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        `${API}/orders`,
        `${API}/orders/{orderId}`,
        `${API}/orders/{orderId}/orderlines`,
        `${API}/orderlines/{orderLineId}`,
        `${API}/orders/{orderId}/payments`,
        `${API}/payments/{paymentId}/status`,
        `${API}/orders/{orderId}/refunds`,
        '/crud/v1/transittokens',
        '/crud/v1/directdebitmandates',
      ]),
    );
    type Operation = {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
      responses: Record<string, unknown>;
    };
    const refunds = (res.body.paths[`${API}/orders/{orderId}/refunds`] as { post: Operation }).post;
    expect(refunds.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['paymentMethodId', 'amountDebit', 'operatorPaymentReference', 'reason']),
    );
    expect(Object.keys(refunds.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
  });
});
