import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problem } from '../shared/schemas/problem';
import { scenarios } from './testing/fixtures';
import { API, CRUD, harness, type Harness } from './testing/harness';
import { testSeed } from '../domain/testing/seed';
import { IBAN, BIC, anonymous, createOrder, line, orderBody, pay } from './testing/orders';

/**
 * docs/api.md §5: bad input never gets a 5xx and never stops the service. Random bodies,
 * queries, paths and content types go through Fastify's inject; every answer must be a
 * known status, and every refusal a problem body. FUZZ_RUNS raises the count locally;
 * FUZZ_SEED replays a run (the seed is printed).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = testSeed('FUZZ_SEED');
const KNOWN = new Set([200, 201, 400, 401, 403, 404, 409, 413, 415]);

const [scenario] = scenarios();

/** A body that parses but is nested far deeper than JSON.stringify can follow. */
const DEEP = `{"orderLines":[{"productId":1,"quantity":1,"vouchers":[${'['.repeat(50_000)}${']'.repeat(50_000)}]}],"languageId":1}`;

type Json = Record<string, unknown>;

describe('malformed requests (property)', () => {
  let h: Harness;
  let ids: { orderId: string; lineId: string; paymentId: string } | undefined;
  /** A valid body per route, for the mutations to start from. */
  let bodies: Record<string, Json>;

  beforeAll(async () => {
    h = await harness(scenario!);
    const { needsBirthdate, plain, language, device, paymentMethod } = h.roles;
    bodies = {
      [`POST ${API}/orders`]: orderBody(h, [
        line(needsBirthdate, { customerTokens: [anonymous(needsBirthdate, '1990-05-05')], validFrom: scenario!.now }),
      ]),
      [`POST ${API}/orders/:id/orderlines`]: {
        productId: plain.productId,
        quantity: 2,
        vouchers: [],
        validFrom: scenario!.now,
        validUntil: null,
      },
      [`PATCH ${API}/orderlines/:id`]: { productId: plain.productId, quantity: 3, validFrom: scenario!.now },
      [`PATCH ${API}/orders/:id`]: { languageId: language.languageId, externalDeviceId: device.externalDeviceId },
      [`POST ${API}/orders/:id/payments`]: {
        paymentMethodId: paymentMethod.paymentMethodId,
        amountDebit: 1,
        operatorPaymentReference: 'r',
        mandateInput: { directDebitMandateTypeId: 1, bic: BIC, iban: IBAN, ascription: 'a', place: 'b' },
      },
      [`POST ${API}/payments/:id/status`]: { statusCode: 'SETTLED', statusSubCode: 'x' },
      [`PUT ${API}/orders/:id/customer`]: {
        birthname: 'a',
        surname: 'b',
        emailAddress: 'a@b.nl',
        dateOfBirth: '1990-01-01',
        orderCustomerAddresses: [{ addressTypeId: 3, street: 's', houseNumber: 1, postalCode: '1', city: 'c', country: 'NL' }],
      },
    };
  });
  afterAll(() => h.close());

  /**
   * A concept order with a line and a pending payment, so that many random requests reach
   * real resources; made again when an earlier request deleted, paid or settled them.
   */
  async function ensureResources() {
    const concept = ids && (await h.store.get(ids.orderId));
    if (
      !ids ||
      !concept ||
      concept.order.order_OrderStatuses[0]!.orderStatus.orderStatusId !== 1 ||
      concept.order.orderLines.length === 0
    ) {
      const made = await createOrder(h, [line(h.roles.plain)]);
      ids = { orderId: made.orderId, lineId: made.orderLines[0]!.orderLineId, paymentId: ids?.paymentId ?? '' };
    }
    const paying = await h.store.get((await h.store.orderIdOfPart('payment', ids.paymentId)) ?? '');
    if (!paying || paying.order.payments.every((p) => p.paymentStatuses[0]!.statusCode !== 'PENDING')) {
      ids.paymentId = (await pay(h, await createOrder(h))).payments[0]!.paymentId;
    }
    return ids;
  }

  const ROUTES: [string, string][] = [
    ['GET', `${API}/orders`],
    ['POST', `${API}/orders`],
    ['GET', `${API}/orders/:id`],
    ['PATCH', `${API}/orders/:id`],
    ['DELETE', `${API}/orders/:id`],
    ['POST', `${API}/orders/:id/orderlines`],
    ['PATCH', `${API}/orderlines/:id`],
    ['DELETE', `${API}/orderlines/:id`],
    ['PUT', `${API}/orders/:id/customer`],
    ['POST', `${API}/orders/:id/payments`],
    ['POST', `${API}/payments/:id/status`],
    ['POST', `${API}/orders/:id/delivery`],
    ['POST', `${API}/orders/:id/cancellation`],
    ['GET', `${API}/products`],
    ['GET', `${CRUD}/transittokens`],
    ['GET', `${CRUD}/directdebitmandates`],
  ];
  const method = fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE');
  /** Mostly the real routes with their own method; sometimes any method on any path. */
  const route = fc.oneof(
    { arbitrary: fc.constantFrom(...ROUTES), weight: 4 },
    { arbitrary: fc.tuple(method, fc.constantFrom(...ROUTES.map(([, path]) => path))), weight: 1 },
  );

  /** The id in the path: mostly one that exists (of the kind the route wants), else anything. */
  const segment = fc.oneof(
    { arbitrary: fc.constant('EXISTING'), weight: 6 },
    { arbitrary: fc.constantFrom('ORDER', 'LINE', 'PAYMENT'), weight: 1 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent), weight: 1 },
    { arbitrary: fc.constantFrom('%E0%A4%A', '%', '..', 'a'.repeat(300), '%00', ''), weight: 1 },
  );

  const paramName = fc.constantFrom(
    'orderId',
    'orderNumber',
    'externalOrderId',
    'createdBefore',
    'createdAfter',
    'updatedBefore',
    'updatedAfter',
    'orderStatusId',
    'customerProfileId',
    'xTat',
    'touchpointId',
    'limit',
    'cursor',
    'transitTokenId',
    'tokenTypeId',
    'xBot',
    'lastDigits',
    'passNumber',
    'tokenStatusId',
    'expirationDate',
    'mandateState',
    'directDebitMandateTypeId',
    '__proto__',
    'constructor',
  );
  const paramValue = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer().map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('1,2,3', '1,,2', '2020-02-30T00:00:00Z', '-1', '1e3', '9'.repeat(20), 'SIGNED,PENDING', ''),
  );
  const query = fc
    .array(fc.tuple(paramName, paramValue), { maxLength: 4 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`));

  /**
   * A change to the route's valid body: one field, at any depth, kept, removed or replaced;
   * mostly by a value of the same kind (so that requests get past the schema into the order
   * rules), else by any JSON value.
   */
  const mutation = fc
    .record({
      where: fc.nat(),
      how: fc.nat(9),
      json: fc.jsonValue({ maxDepth: 3 }),
      int: fc.oneof(fc.integer({ min: -10, max: 100 }), fc.integer()),
      text: fc.string({ maxLength: 30 }),
      date: fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
    })
    .map(({ where, how, json, int, text, date }) => (valid: Json): string => {
      const body = structuredClone(valid);
      const spots: [Json, string][] = [];
      const visit = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        for (const key of Object.keys(node)) {
          spots.push([node as Json, key]);
          visit((node as Json)[key]);
        }
      };
      visit(body);
      const spot = spots[where % Math.max(spots.length, 1)];
      if (!spot || how === 9) return JSON.stringify(body);
      const [parent, key] = spot;
      const original = parent[key];
      if (how === 0) delete parent[key];
      else if (how < 3) parent[key] = json;
      else if (typeof original === 'number') parent[key] = int;
      else if (typeof original === 'string' && /^\d{4}-\d\d-\d\d/.test(original)) {
        parent[key] = original.length === 10 ? date.toISOString().slice(0, 10) : date.toISOString();
      } else if (typeof original === 'string') parent[key] = text;
      else parent[key] = json;
      return JSON.stringify(body);
    });
  const payload = fc.oneof(
    { arbitrary: mutation, weight: 5 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => () => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.string({ maxLength: 200 }).map((s) => () => s), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('{"a":', '{"__proto__":{"x":1}}', '[]', 'null', '', '{"orderLines":[{"productId":1e400}]}', '\u0000', DEEP)
        .map((s) => () => s),
      weight: 1,
    },
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 6 },
    { arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/xml', undefined), weight: 1 },
  );

  it(`${RUNS} random requests: no 5xx, and a problem body on every refusal`, async () => {
    await fc.assert(
      fc.asyncProperty(route, segment, query, fc.option(payload, { freq: 8 }), contentType, async ([m, path], seg, q, makeBody, ct) => {
        const have = await ensureResources();
        const wanted = path.includes('/orderlines/') ? have.lineId : path.includes('/payments/') ? have.paymentId : have.orderId;
        const named = new Map([
          ['EXISTING', wanted],
          ['ORDER', have.orderId],
          ['LINE', have.lineId],
          ['PAYMENT', have.paymentId],
        ]);
        const chosen = named.get(seg) ?? seg;
        const url = path.replace(':id', chosen) + q;
        const body = makeBody && m !== 'GET' ? makeBody(Object.hasOwn(bodies, `${m} ${path}`) ? bodies[`${m} ${path}`]! : {}) : undefined;
        const res = await h.call(m, url, body !== undefined ? { payload: body, ...(ct ? { contentType: ct } : {}) } : {});
        const seen = `${m} ${url} ${body ?? ''} -> ${res.status}: ${res.text}`;
        expect(KNOWN.has(res.status), seen).toBe(true);
        if (res.status >= 400) {
          const parsed = problem.safeParse(res.body);
          expect(parsed.success, seen).toBe(true);
          expect(parsed.data!.instance).toMatch(/^urn:uuid:/);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // And the service still answers.
    expect((await h.call('GET', `${API}/orders?limit=1`)).status).toBe(200);
  });
});
