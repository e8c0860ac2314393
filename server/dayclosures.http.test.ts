import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DayClosure, DayClosureInput } from '../shared/manager/closure';
import { scenarios } from './testing/fixtures';
import { API, expectProblem, harness, pointers, type Harness } from './testing/harness';

/** The day-close extension: POST /dayclosures, idempotent on closeId; GET /dayclosures of a touchpoint. */

const [scenario] = scenarios();

let h: Harness;
beforeEach(async () => {
  h = await harness(scenario!);
});
afterEach(() => h.close());

let closes = 0;
function closure(extra: Partial<DayClosureInput> = {}): DayClosureInput {
  closes++;
  return {
    closeId: `11111111-0000-4000-8000-${String(closes).padStart(12, '0')}`,
    deviceId: 'device-1',
    businessDate: `2026-10-${String(closes).padStart(2, '0')}`,
    timeZone: 'Europe/Amsterdam',
    openedAt: '2026-10-01T06:00:00.000Z',
    closedAt: '2026-10-01T20:00:00.000Z',
    closedBy: { staffId: 'mark', name: 'Mark Jansen' },
    note: 'five cents short',
    methods: [{ paymentMethodId: 1, name: 'Contant', payments: 1340, paymentCount: 3, refunds: 340, refundCount: 1, expected: 1000 }],
    cash: {
      float: 10000,
      expected: 11000,
      counted: 10995,
      difference: -5,
      countedByDenomination: { '10000': 1, '500': 1, '200': 2, '50': 1, '20': 2, '5': 1 },
    },
    orderCount: 4,
    failedPayments: 1,
    ...extra,
  };
}
const post = (body: unknown, auth?: string) => h.call<DayClosure>('POST', `${API}/dayclosures`, { body, ...(auth ? { auth } : {}) });

describe('POST /dayclosures', () => {
  it('stores a close once: 201 the first time, 200 with the stored close on a repeat', async () => {
    const body = closure();
    const first = await post(body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ ...body, touchpointId: h.roles.touchpoint.salesTouchpointId, receivedOn: scenario!.now });
    h.clock.set('2030-01-01T00:00:00.000Z');
    const again = await post({ ...body, note: 'changed my mind' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const list = await h.call<{ dayClosures: DayClosure[] }>('GET', `${API}/dayclosures`);
    expect(list.body.dayClosures).toEqual([first.body]);
  });

  it('refuses bad input, a customer, another touchpoint’s close id and no token', async () => {
    expect(pointers(expectProblem(await post({ ...closure(), closeId: 'nope', cash: undefined }), 400)).sort()).toEqual([
      '/cash',
      '/closeId',
    ]);
    expectProblem(await h.call('POST', `${API}/dayclosures`, { body: closure(), customer: 5 }), 403);
    expectProblem(await h.call('POST', `${API}/dayclosures`, { body: closure(), auth: null }), 401);
    const mine = closure();
    expect((await post(mine)).status).toBe(201);
    const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
    expect(pointers(expectProblem(await post(mine, other), 409))).toEqual(['/closeId']);
  });
});

describe('GET /dayclosures', () => {
  it('lists the caller’s touchpoint by default, any touchpoint when asked, paged in business-date order', async () => {
    const ours = [closure(), closure(), closure()];
    for (const c of ours.reverse()) expect((await post(c)).status).toBe(201);
    const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
    expect((await post(closure(), other)).status).toBe(201);

    const first = await h.call<{ dayClosures: DayClosure[]; _links: { next?: { href: string } } }>('GET', `${API}/dayclosures?limit=2`);
    expect(first.status).toBe(200);
    const second = await h.call<{ dayClosures: DayClosure[]; _links: { next?: { href: string } } }>('GET', first.body._links.next!.href);
    const dates = [...first.body.dayClosures, ...second.body.dayClosures].map((c) => c.businessDate);
    expect(dates).toEqual(ours.map((c) => c.businessDate).sort());
    expect(second.body._links.next).toBeUndefined();
    const theirs = await h.call<{ dayClosures: DayClosure[] }>(
      'GET',
      `${API}/dayclosures?touchpointId=${h.roles.otherTouchpoint.salesTouchpointId}`,
    );
    expect(theirs.body.dayClosures.map((c) => c.touchpointId)).toEqual([h.roles.otherTouchpoint.salesTouchpointId]);
    expectProblem(await h.call('GET', `${API}/dayclosures?cursor=bogus`), 400);
  });
});
