import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_PHOTO_BYTES } from '../shared/enums';
import { scenarios } from './testing/fixtures';
import { API, expectProblem, harness, pointers, type Harness } from './testing/harness';
import { anonymous, createOrder, line, orderBody, registered } from './testing/orders';
import { daysAfter } from './testing/roles';

/** docs/api.md §3.3 and §5: the requests refused with 400, 409, 413 and 415, and nothing stored by them. */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const dataUri = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe.each(scenarios())('refused requests ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(async () => {
    await h.close();
  });

  /** POSTs an order body and answers the 400 problem; checks that nothing was stored. */
  async function refused(body: unknown): Promise<ReturnType<typeof expectProblem>> {
    const p = expectProblem(await h.call('POST', `${API}/orders`, { body }), 400);
    const list = await h.call<{ orders: unknown[] }>('GET', `${API}/orders`);
    expect(list.body.orders).toEqual([]);
    return p;
  }
  const withLine = (extra: Record<string, unknown>, product = h.roles.plain) => orderBody(h, [{ ...line(product), ...extra }]);

  it.each([
    ['a wrong type', { languageId: '1' }, '/languageId'],
    ['a missing required field', { orderLines: undefined }, '/orderLines'],
    ['an invalid uuid', { externalDeviceId: 'not-a-uuid' }, '/externalDeviceId'],
    ['an order without lines', { orderLines: [] }, '/orderLines'],
    ['an invalid date-time', { createdOn: 'yesterday' }, '/createdOn'],
  ])('%s', async (_, change, pointer) => {
    const p = await refused({ ...orderBody(h, [line(h.roles.plain)]), ...change });
    expect(pointers(p)).toEqual([pointer]);
    expect(p.title).toBe('The request is not valid');
  });

  it.each([
    ['a quantity below 1', { quantity: 0 }, '/orderLines/0/quantity'],
    ['a quantity that is not an integer', { quantity: 1.5 }, '/orderLines/0/quantity'],
    ['a missing productId', { productId: undefined }, '/orderLines/0/productId'],
    ['a calendar date that does not exist (2020-02-30)', { validFrom: '2020-02-30T10:00:00Z' }, '/orderLines/0/validFrom'],
    [
      'a validUntil before validFrom',
      { validFrom: '2026-01-02T00:00:00Z', validUntil: '2026-01-01T23:59:59Z' },
      '/orderLines/0/validUntil',
    ],
    ['a token type outside its enumeration', { customerTokens: [{ tokenTypeId: 4 }] }, '/orderLines/0/customerTokens/0/tokenTypeId'],
  ])('a line with %s', async (_, change, pointer) => {
    const p = await refused(withLine(change));
    expect(pointers(p)).toEqual([pointer]);
  });

  it.each([
    ['a birthdate that does not exist', { birthdate: '2020-02-30' }, 'birthdate'],
    ['a birthdate that is not a date', { birthdate: '01-02-2003' }, 'birthdate'],
    ['a challenge type outside its enumeration', { challengeTypeId: 9 }, 'challengeTypeId'],
    ['a photo of another image type', { photo: dataUri('image/gif', PNG) }, 'photo'],
    ['a photo whose bytes are not its type', { photo: dataUri('image/jpeg', PNG) }, 'photo'],
    ['a photo that is not base64', { photo: 'data:image/png;base64,@@@@' }, 'photo'],
    ['a photo that is not a data URI', { photo: 'https://example.org/me.png' }, 'photo'],
    ['a photo over 1 MiB', { photo: dataUri('image/png', Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES)])) }, 'photo'],
  ])('personal account data with %s', async (_, pad, field) => {
    const product = h.roles.needsBirthdate;
    const p = await refused(withLine({ customerTokens: [{ tokenTypeId: product.tokenTypeIds[0], personalAccountData: pad }] }, product));
    expect(pointers(p)).toEqual([`/orderLines/0/customerTokens/0/personalAccountData/${field}`]);
  });

  it('accepts a JPEG or PNG photo of at most 1 MiB', async () => {
    const product = h.roles.needsBirthdate;
    const exactly = Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES - PNG.length)]);
    for (const photo of [dataUri('image/jpeg', JPEG), dataUri('image/png', exactly)]) {
      const o = await createOrder(h, [line(product, { customerTokens: [{ ...anonymous(product), personalAccountData: { photo } }] })]);
      expect(o.orderLines[0]!.customerTokens![0]!.personalAccountData!.photo).toBe(photo);
    }
  });

  it('an unknown productId, languageId and transitTokenId, each named in its element', async () => {
    const { unknownProductId, unknownLanguageId, unknownTransitTokenId, needsRegistered } = h.roles;
    const p = await refused({
      ...orderBody(h, [
        { ...line(h.roles.plain), productId: unknownProductId },
        line(needsRegistered, {
          customerTokens: [{ tokenTypeId: needsRegistered.tokenTypeIds[0]!, transitTokenId: unknownTransitTokenId }],
        }),
      ]),
      languageId: unknownLanguageId,
    });
    expect(p.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/languageId' }),
        expect.objectContaining({ pointer: '/orderLines/0/productId', productId: unknownProductId }),
        expect.objectContaining({ pointer: '/orderLines/1/customerTokens/0/transitTokenId', transitTokenId: unknownTransitTokenId }),
      ]),
    );
    expect(p.errors).toHaveLength(3);
  });

  it('a start date more than 60 days ahead', async () => {
    const product = h.roles.needsValidFrom;
    const p = await refused(withLine({ validFrom: daysAfter(now, 60.5) }, product));
    expect(p.title).toBe('The request is not valid');
    expect(p.errors).toEqual([
      {
        detail: 'the product start date may be at most 60 days in the future',
        pointer: '/orderLines/0/validFrom',
        productId: product.productId,
      },
    ]);
    await createOrder(h, [line(product, { validFrom: daysAfter(now, 60) })]);
  });

  it('a token type the product does not take', async () => {
    const { needsToken, tokenless } = h.roles;
    const wrong = h.roles.typeNotTakenBy(needsToken);
    const p = await refused(
      orderBody(h, [
        line(needsToken, { customerTokens: [{ tokenTypeId: wrong }] }),
        line(tokenless, { customerTokens: [{ tokenTypeId: 1 }] }),
      ]),
    );
    expect(p.errors).toEqual([
      {
        detail: 'the combination of product and token type is not valid',
        pointer: '/orderLines/0/customerTokens/0/tokenTypeId',
        productId: needsToken.productId,
      },
      {
        detail: 'the combination of product and token type is not valid',
        pointer: '/orderLines/1/customerTokens/0/tokenTypeId',
        productId: tokenless.productId,
      },
    ]);
  });

  it('a registered token on a product that does not take its type: the element names the token (docs/api.md §3.3)', async () => {
    const { tokenless, registeredToken } = h.roles;
    const p = await refused(orderBody(h, [line(tokenless, { customerTokens: [registered(registeredToken)] })]));
    expect(p.errors).toEqual([
      {
        detail: 'the combination of product and token type is not valid',
        pointer: '/orderLines/0/customerTokens/0/tokenTypeId',
        productId: tokenless.productId,
        transitTokenId: registeredToken.transitTokenId,
      },
    ]);
  });

  it('a registered token sent with another type than its own', async () => {
    const { needsRegistered, registeredToken } = h.roles;
    const other = needsRegistered.tokenTypeIds.find((id) => id !== registeredToken.tokenTypeId);
    expect(other, 'the catalogue needs a product taking two token types').toBeDefined();
    const p = await refused(
      orderBody(h, [line(needsRegistered, { customerTokens: [{ ...registered(registeredToken), tokenTypeId: other! }] })]),
    );
    expect(p.errors).toEqual([
      expect.objectContaining({ pointer: '/orderLines/0/customerTokens/0/tokenTypeId', transitTokenId: registeredToken.transitTokenId }),
    ]);
  });

  it('malformed JSON, an empty body and a JSON value that is not an object', async () => {
    for (const payload of ['{"languageId": 1,', '', '[1, 2]', 'null', '"order"']) {
      expectProblem(await h.call('POST', `${API}/orders`, { payload }), 400);
    }
  });

  it('a body nested too deeply (it would overflow the stack when stored)', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deep = (depth: number) => JSON.parse(nested(depth)) as unknown[];
    // Sent as text: JSON.stringify itself cannot write such a value.
    const payload = JSON.stringify(withLine({ vouchers: ['HERE'] })).replace('"HERE"', nested(100_000));
    const p = expectProblem(await h.call('POST', `${API}/orders`, { payload }), 400);
    expect(p.detail).toMatch(/nest/);
    expect((await h.call<{ orders: unknown[] }>('GET', `${API}/orders`)).body.orders).toEqual([]);
    // Vouchers nested a few levels are kept as sent.
    const o = await createOrder(h, [line(h.roles.plain, { vouchers: [{ code: 'V1', parts: deep(5) }] })]);
    expect(o.orderLines[0]!.vouchers).toEqual([{ code: 'V1', parts: deep(5) }]);
  });

  it('400 for each bad query parameter of GET /orders, naming it', async () => {
    for (const query of [
      'orderId=1',
      'createdAfter=2020-02-30T00:00:00Z',
      'orderStatusId=1,7',
      'orderStatusId=',
      'customerProfileId=abc',
      'limit=0',
      'limit=1001',
      'limit=ten',
    ]) {
      const p = expectProblem(await h.call('GET', `${API}/orders?${query}`), 400);
      const name = query.split('=')[0]!;
      expect(p.errors).toEqual([expect.objectContaining({ pointer: expect.stringMatching(new RegExp(`^/${name}(/|$)`)) })]);
      expect(p.errors[0]!.detail).toContain(name);
    }
  });

  it('409 for a repeated externalOrderId of the same touchpoint, naming the existing order', async () => {
    const first = await createOrder(h, undefined, { externalOrderId: 'offline-42' });
    const res = await h.call('POST', `${API}/orders`, {
      body: orderBody(h, [line(h.roles.needsValidFrom)], { externalOrderId: 'offline-42' }),
    });
    const p = expectProblem(res, 409);
    expect(p.errors).toEqual([expect.objectContaining({ pointer: '/externalOrderId', orderId: first.orderId })]);
    const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
    await createOrder(h, undefined, { externalOrderId: 'offline-42' }, { auth: other });
    const list = await h.call<{ orders: unknown[] }>('GET', `${API}/orders?externalOrderId=offline-42`);
    expect(list.body.orders).toHaveLength(2);
  });

  it('413 for a body over 4 MiB', async () => {
    const product = h.roles.needsBirthdate;
    const photo = dataUri('image/png', Buffer.concat([PNG, Buffer.alloc(Math.ceil(MAX_BODY_BYTES * 0.75))]));
    const body = withLine({ customerTokens: [{ tokenTypeId: product.tokenTypeIds[0], personalAccountData: { photo } }] }, product);
    const p = expectProblem(await h.call('POST', `${API}/orders`, { body }), 413);
    expect(p.detail).toContain(String(MAX_BODY_BYTES));
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x'])(
    '415 for a body sent as %s',
    async (contentType) => {
      const payload = JSON.stringify(orderBody(h, [line(h.roles.plain)]));
      expectProblem(await h.call('POST', `${API}/orders`, { payload, contentType }), 415);
      const list = await h.call<{ orders: unknown[] }>('GET', `${API}/orders`);
      expect(list.body.orders).toEqual([]);
    },
  );

  it('answers a path of no operation with a problem body (404), and a malformed path with 400', async () => {
    expectProblem(await h.call('GET', `${API}/nothing-here`), 404);
    expectProblem(await h.call('GET', `${API}/orders/%E0%A4%A`), 400);
    expectProblem(await h.call('GET', `${API}/orders/${'a'.repeat(500)}`), 400);
  });
});
