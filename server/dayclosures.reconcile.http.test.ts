import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DayClosureInput, ReconciledDayClosure } from '../shared/manager/closure';
import { closureBody } from './testing/closures';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { paidOrder } from './testing/orders';

/**
 * The central's own figures beside each day close (docs/api.md §10.4): per payment method,
 * settled payments less settled refunds of the touchpoint's orders within the close's day in
 * its time zone, computed when asked; and the list of closes that do not match, a touchpoint's
 * own or, for an operator token, every touchpoint's. On SQLite and on PostgreSQL.
 */

const [scenario] = scenarios();
/** 2026-06-01 in Amsterdam runs from 2026-05-31T22:00Z to 2026-06-01T22:00Z. */
const TODAY = '2026-06-01';

let h: Harness;
beforeEach(async () => {
  h = await harness(scenario!);
});
afterEach(() => h.close());

type Listed = { dayClosures: ReconciledDayClosure[]; _links: { next?: { href: string } } };
const post = (body: DayClosureInput, auth?: string) =>
  h.call<ReconciledDayClosure>('POST', `${API}/dayclosures`, { body, ...(auth ? { auth } : {}) });
const list = async (query: string, auth?: string) => {
  const res = await h.call<Listed>('GET', `${API}/dayclosures${query}`, auth ? { auth } : {});
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const method = () => h.roles.paymentMethod.paymentMethodId;
/** A close claiming `payments` and `refunds` in the scenario's payment method. */
const claiming = (businessDate: string, payments: number, refunds = 0) =>
  closureBody(businessDate, {
    methods: [
      {
        paymentMethodId: method(),
        name: 'Contant',
        payments,
        paymentCount: 1,
        refunds,
        refundCount: refunds > 0 ? 1 : 0,
        expected: payments - refunds,
      },
    ],
  });
const refund = (orderId: string, amountDebit: number, reference: string) =>
  h.call('POST', `${API}/orders/${orderId}/refunds`, {
    body: { paymentMethodId: method(), amountDebit, operatorPaymentReference: reference, reason: 'not travelled' },
  });

describe('reconciliation', () => {
  it('sets the central’s figures of the close’s day beside the counter’s, as they are when asked', async () => {
    // 00:30 in Amsterdam on the 1st, still the 31st in UTC: the money belongs to the 1st.
    h.clock.set('2026-05-31T22:30:00.000Z');
    const early = await paidOrder(h);
    h.clock.set('2026-06-01T09:00:00.000Z');
    const late = await paidOrder(h);
    const total = early.totalAmount + late.totalAmount;

    const stored = await post(claiming(TODAY, total));
    expect(stored.status, stored.text).toBe(201);
    expect(stored.body.reconciliation).toEqual({ matches: true, central: [{ paymentMethodId: method(), net: total }], differences: [] });

    // A refund that reaches the central after the close: the same close no longer matches.
    expectOrder(await refund(late.orderId, 100, 'rf-after-close'));
    const [again] = (await list('')).dayClosures;
    expect(again!.reconciliation).toEqual({
      matches: false,
      central: [{ paymentMethodId: method(), net: total - 100 }],
      differences: [{ paymentMethodId: method(), counter: total, central: total - 100 }],
    });
  });

  it('counts a method only one side knows as 0 on the other', async () => {
    const paid = await paidOrder(h);
    const close = closureBody(TODAY, {
      methods: [{ paymentMethodId: 999, name: 'PIN', payments: 500, paymentCount: 1, refunds: 0, refundCount: 0, expected: 500 }],
    });
    const stored = await post(close);
    // The scenario's cash method is 1 (demo fixtures), so it comes first.
    expect(method()).toBe(1);
    expect(stored.body.reconciliation.differences).toEqual([
      { paymentMethodId: 1, counter: 0, central: paid.totalAmount },
      { paymentMethodId: 999, counter: 500, central: 0 },
    ]);
  });
});

describe('GET /dayclosures?mismatch=true', () => {
  it('lists a touchpoint’s own closes that differ; an operator token lists every touchpoint’s', async () => {
    const paid = await paidOrder(h);
    const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
    const matching = claiming(TODAY, paid.totalAmount);
    const ownMismatch = claiming('2026-05-31', 700);
    const theirMismatch = claiming(TODAY, 300);
    expect((await post(matching)).status).toBe(201);
    expect((await post(ownMismatch)).status).toBe(201);
    expect((await post(theirMismatch, other)).status).toBe(201);

    expect((await list('')).dayClosures.map((c) => c.closeId)).toEqual([ownMismatch.closeId, matching.closeId]);
    const own = await list('?mismatch=true');
    expect(own.dayClosures.map((c) => [c.closeId, c.reconciliation.matches])).toEqual([[ownMismatch.closeId, false]]);
    const theirs = await list('?mismatch=true', other);
    expect(theirs.dayClosures.map((c) => c.closeId)).toEqual([theirMismatch.closeId]);
    // A touchpoint may not list another's mismatches.
    const peek = `?mismatch=true&touchpointId=${h.roles.otherTouchpoint.salesTouchpointId}`;
    expectProblem(await h.call('GET', `${API}/dayclosures${peek}`), 403);

    const operator = await h.token({ touchpointId: undefined, scope: 'operator', sub: 'operator' });
    const all = await list('?mismatch=true', operator);
    expect(all.dayClosures.map((c) => c.closeId)).toEqual([ownMismatch.closeId, theirMismatch.closeId]);
    // Paged like the other lists, one mismatch a page.
    const first = await list('?mismatch=true&limit=1', operator);
    expect(first.dayClosures.map((c) => c.closeId)).toEqual([ownMismatch.closeId]);
    const second = await h.call<Listed>('GET', first._links.next!.href, { auth: operator });
    expect(second.body.dayClosures.map((c) => c.closeId)).toEqual([theirMismatch.closeId]);
    expect(second.body._links.next).toBeUndefined();
    // Without a touchpoint an operator token has the mismatch list, not a touchpoint's own closes;
    // it reads orders (docs/api.md §11.7) but writes none.
    expectProblem(await h.call('GET', `${API}/dayclosures`, { auth: operator }), 403);
    expect((await h.call('GET', `${API}/orders`, { auth: operator })).status).toBe(200);
    expectProblem(await h.call('POST', `${API}/orders`, { auth: operator, body: {} }), 403);
  });
});
