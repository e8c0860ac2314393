import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DayClosureInput, ReconciledDayClosure } from '../shared/manager/closure';
import { closureBody } from './testing/closures';
import { scenarios } from './testing/fixtures';
import { API, expectProblem, harness, pointers, type Harness } from './testing/harness';

/**
 * The day-close extension (docs/api.md §10.4): POST /dayclosures, one close per touchpoint and
 * business day, idempotent on its close id in any case; bodies that do not add up refused;
 * GET /dayclosures of a touchpoint. Runs on SQLite and on PostgreSQL (the test projects).
 */

const [scenario] = scenarios();
/** The scenario's clock: 2026-06-01 09:00 UTC, 11:00 in Amsterdam. */
const TODAY = '2026-06-01';

let h: Harness;
beforeEach(async () => {
  h = await harness(scenario!);
});
afterEach(() => h.close());

const closure = (extra: Partial<DayClosureInput> = {}) => closureBody(TODAY, extra);
const post = (body: unknown, auth?: string) =>
  h.call<ReconciledDayClosure>('POST', `${API}/dayclosures`, { body, ...(auth ? { auth } : {}) });
const refusedAt = async (body: unknown) => [...new Set(pointers(expectProblem(await post(body), 400)))].sort();

const SESSION = '5e55a0e0-0000-4000-8000-000000000001';
const MOVEMENT_1 = '3a0e0000-0000-4000-8000-000000000001';
const MOVEMENT_2 = '3a0e0000-0000-4000-8000-000000000002';
const MARK = { staffId: 'mark', name: 'Mark' };
const ANNA = { staffId: 'anna', name: 'Anna' };

describe('POST /dayclosures', () => {
  it('stores a close once: 201 the first time, 200 with the stored close on a repeat of the same body', async () => {
    const body = closure({
      cashMovements: [
        {
          movementId: MOVEMENT_1,
          sessionId: SESSION,
          kind: 'paidIn',
          amount: 2000,
          reason: 'change from the bank',
          by: MARK,
          at: '2026-06-01T07:00:00.000Z',
        },
        {
          movementId: MOVEMENT_2,
          sessionId: SESSION,
          kind: 'noSale',
          amount: 0,
          reason: 'customer asked for change',
          by: ANNA,
          at: '2026-06-01T08:00:00.000Z',
        },
      ],
      sessions: [
        {
          sessionId: SESSION,
          openedAt: '2026-06-01T06:00:00.000Z',
          openedBy: ANNA,
          closedAt: '2026-06-01T20:00:00.000Z',
          closedBy: ANNA,
          float: 10000,
          counted: 10995,
          expected: 11000,
          difference: -5,
        },
      ],
      journalHeadHash: 'ab'.repeat(32),
    });
    const first = await post(body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ ...body, touchpointId: h.roles.touchpoint.salesTouchpointId, receivedOn: scenario!.now });
    h.clock.advance(60_000);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const list = await h.call<{ dayClosures: ReconciledDayClosure[] }>('GET', `${API}/dayclosures`);
    expect(list.body.dayClosures).toEqual([first.body]);
  });

  it('compares close ids case-insensitively: the same close in capitals is a repeat, kept in lower case', async () => {
    const body = closure({ closeId: 'ABCDEF01-0000-4000-8000-00000000000A' });
    const first = await post(body);
    expect(first.status, first.text).toBe(201);
    expect(first.body.closeId).toBe('abcdef01-0000-4000-8000-00000000000a');
    const again = await post({ ...body, closeId: 'abcdef01-0000-4000-8000-00000000000a' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('answers 409 naming the stored close for another body under the same id, or another close of the same day', async () => {
    const stored = closure();
    expect((await post(stored)).status).toBe(201);
    const changed = expectProblem(await post({ ...stored, closeId: stored.closeId.toUpperCase(), note: 'changed my mind' }), 409);
    expect(changed.errors).toEqual([expect.objectContaining({ pointer: '/closeId', closeId: stored.closeId })]);
    const sameDay = expectProblem(await post(closure()), 409);
    expect(sameDay.errors).toEqual([expect.objectContaining({ pointer: '/businessDate', closeId: stored.closeId })]);
    expect(sameDay.detail).toContain(stored.closeId);
    // Another touchpoint closes its own day freely, but never under a close id already taken.
    const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
    expect((await post(closure(), other)).status).toBe(201);
    expect(pointers(expectProblem(await post({ ...stored, businessDate: '2026-05-31' }, other), 409))).toEqual(['/closeId']);
    const list = await h.call<{ dayClosures: ReconciledDayClosure[] }>('GET', `${API}/dayclosures`);
    expect(list.body.dayClosures.map((c) => c.closeId)).toEqual([stored.closeId]);
  });

  it('refuses a difference other than counted − expected', async () => {
    expect(await refusedAt(closure({ cash: { ...closure().cash, difference: 5 } }))).toEqual(['/cash/difference']);
  });

  it('refuses negative counts, amounts and numbers of payments', async () => {
    const method = closure().methods[0]!;
    expect(await refusedAt(closure({ methods: [{ ...method, paymentCount: -1, refunds: -340 }] }))).toEqual([
      '/methods/0/paymentCount',
      '/methods/0/refunds',
    ]);
    expect(await refusedAt(closure({ orderCount: -4, failedPayments: -1 }))).toEqual(['/failedPayments', '/orderCount']);
    expect(await refusedAt(closure({ cash: { ...closure().cash, float: -1, countedByDenomination: { '500': -2 } } }))).toEqual([
      '/cash/countedByDenomination/500',
      '/cash/float',
    ]);
    const paidOut = {
      movementId: MOVEMENT_1,
      sessionId: null,
      kind: 'paidOut' as const,
      amount: -100,
      reason: 'window cleaner',
      by: MARK,
      at: '2026-06-01T10:00:00.000Z',
    };
    expect(await refusedAt(closure({ cashMovements: [paidOut] }))).toEqual(['/cashMovements/0/amount']);
  });

  it('refuses amounts beyond sane limits, ±2^53 among them', async () => {
    const huge = 2 ** 53;
    const cash = { ...closure().cash, expected: huge, counted: huge, difference: 0 };
    expect(await refusedAt(closure({ cash }))).toEqual(['/cash/counted', '/cash/expected']);
    const method = { ...closure().methods[0]!, expected: -huge };
    expect(await refusedAt(closure({ methods: [method] }))).toEqual(['/methods/0/expected']);
  });

  it('refuses a business date other than yesterday, today or tomorrow in the close’s own time zone', async () => {
    for (const businessDate of ['0001-01-01', '9999-12-31', '2026-05-30', '2026-06-03']) {
      expect(await refusedAt(closure({ businessDate })), businessDate).toEqual(['/businessDate']);
    }
    // 23:30 UTC is already tomorrow in Amsterdam: its tomorrow is accepted, its day before yesterday is not.
    h.clock.set('2026-06-01T23:30:00.000Z');
    expect(await refusedAt(closure({ businessDate: '2026-05-31' }))).toEqual(['/businessDate']);
    expect((await post(closure({ businessDate: '2026-06-03' }))).status).toBe(201);
    // In New York it is still the 1st: the 31st of May is its yesterday.
    expect((await post(closure({ businessDate: '2026-05-31', timeZone: 'America/New_York' }))).status).toBe(201);
  });

  it('refuses an unknown IANA time zone', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', 'Europe/Amsterdamm']) {
      expect(await refusedAt(closure({ timeZone })), timeZone).toEqual(['/timeZone']);
    }
  });

  it('refuses a journal head that is not 64 hex digits, bad shapes, a customer and no token', async () => {
    expect(await refusedAt(closure({ journalHeadHash: 'xyz' }))).toEqual(['/journalHeadHash']);
    expect(await refusedAt({ ...closure(), closeId: 'nope', cash: undefined })).toEqual(['/cash', '/closeId']);
    expectProblem(await h.call('POST', `${API}/dayclosures`, { body: closure(), customer: 5 }), 403);
    expectProblem(await h.call('POST', `${API}/dayclosures`, { body: closure(), auth: null }), 401);
    expect((await h.call('GET', `${API}/dayclosures`)).body).toMatchObject({ dayClosures: [] });
  });
});

describe('GET /dayclosures', () => {
  it('lists the caller’s touchpoint by default, any touchpoint when asked, paged in business-date order', async () => {
    const ours = ['2026-06-02', '2026-05-31', '2026-06-01'].map((day) => closureBody(day));
    for (const c of ours) expect((await post(c)).status).toBe(201);
    const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
    expect((await post(closure(), other)).status).toBe(201);

    type Listed = { dayClosures: ReconciledDayClosure[]; _links: { next?: { href: string } } };
    const first = await h.call<Listed>('GET', `${API}/dayclosures?limit=2`);
    expect(first.status).toBe(200);
    const second = await h.call<Listed>('GET', first.body._links.next!.href);
    const dates = [...first.body.dayClosures, ...second.body.dayClosures].map((c) => c.businessDate);
    expect(dates).toEqual(['2026-05-31', '2026-06-01', '2026-06-02']);
    expect(second.body._links.next).toBeUndefined();
    const theirs = await h.call<Listed>('GET', `${API}/dayclosures?touchpointId=${h.roles.otherTouchpoint.salesTouchpointId}`);
    expect(theirs.body.dayClosures.map((c) => c.touchpointId)).toEqual([h.roles.otherTouchpoint.salesTouchpointId]);
    expectProblem(await h.call('GET', `${API}/dayclosures?cursor=bogus`), 400);
  });
});
