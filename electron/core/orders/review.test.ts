import { beforeEach, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../domain/catalog';
import { factTables } from '../testing/managerFacts';
import {
  decodePosition,
  encodePosition,
  orderEvents,
  ordersMadeIn,
  ordersPage,
  paymentsIn,
  rangeSummary,
  refusedIn,
  searchByText,
  staleCount,
  staleOrders,
  tokenIdsFor,
} from './review';

/**
 * The manager's reads on index rows written directly: each bound just inside and just outside
 * (from inclusive, to exclusive), each filter on its own, pages and their cursors.
 */

const DAY = { from: '2026-10-23T22:00:00.000Z', to: '2026-10-24T22:00:00.000Z' };
const FIRST = DAY.from;
const LAST = '2026-10-24T21:59:59.999Z';
const BEFORE = '2026-10-23T21:59:59.999Z';
let facts: ReturnType<typeof factTables>;
beforeEach(() => {
  facts = factTables();
  facts.db.pragma('foreign_keys = OFF');
});

const ids = (rows: { orderId: string }[]) => rows.map((r) => r.orderId);
const page = (filters: object = {}, limit = 50, tokenIds: number[] = []) =>
  ids(ordersPage(facts.db, DAY, filters, tokenIds, null, limit).rows);

describe('cursors', () => {
  it('a position comes back from its cursor', () => {
    const p = { createdOn: '2026-10-24T08:00:00.000Z', orderId: 'o1' };
    expect(decodePosition(encodePosition(p))).toEqual(p);
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['one element', Buffer.from('["a"]').toString('base64url')],
    ['three elements', Buffer.from('["a","b","c"]').toString('base64url')],
    ['a number', Buffer.from('["a",1]').toString('base64url')],
    ['an object', Buffer.from('{"0":"a","1":"b","length":2}').toString('base64url')],
  ])('%s is no cursor', (_what, cursor) => {
    expect(decodePosition(cursor)).toBeNull();
  });
});

describe('tokens named by a text', () => {
  const token = (transitTokenId: number, passNumber: string | null, lastDigits: number | null, xTat: string) => [
    transitTokenId,
    { transitTokenId, passNumber, lastDigits, xTat },
  ];
  const catalog = {
    tokens: new Map([token(1, '3528 9999 0000 1111', null, 'AA-1'), token(2, null, 4321, 'Bb Cc'), token(3, null, null, 'dd')] as never),
  } as Catalog;

  it('finds a token by its pass number, card digits or xTat, spaces and case aside', () => {
    expect(tokenIdsFor(catalog, '352899990000 1111')).toEqual([1]);
    expect(tokenIdsFor(catalog, '4321')).toEqual([2]);
    expect(tokenIdsFor(catalog, 'aa-1')).toEqual([1]);
    expect(tokenIdsFor(catalog, ' bbcc ')).toEqual([2]);
    expect(tokenIdsFor(catalog, '1111')).toEqual([]);
  });

  it('a token without a pass number is not found by a text that is none of its keys', () => {
    expect(tokenIdsFor(catalog, 'Stryker was here!')).toEqual([]);
  });
});

describe('a page of orders', () => {
  it('holds the orders made from the first instant of the range up to, not at, its end', () => {
    facts.fact({ orderId: 'before', createdOn: BEFORE });
    facts.fact({ orderId: 'first', createdOn: FIRST });
    facts.fact({ orderId: 'last', createdOn: LAST });
    facts.fact({ orderId: 'after', createdOn: DAY.to });
    expect(page()).toEqual(['last', 'first']);
  });

  it('newest first, the same instant by order id descending; next is set only when more follow', () => {
    facts.fact({ orderId: 'a', createdOn: '2026-10-24T08:00:00.000Z' });
    facts.fact({ orderId: 'b', createdOn: '2026-10-24T08:00:00.000Z' });
    facts.fact({ orderId: 'c', createdOn: '2026-10-24T09:00:00.000Z' });
    const first = ordersPage(facts.db, DAY, {}, [], null, 2);
    expect(ids(first.rows)).toEqual(['c', 'b']);
    expect(first.next).toEqual({ createdOn: '2026-10-24T08:00:00.000Z', orderId: 'b' });
    const second = ordersPage(facts.db, DAY, {}, [], first.next, 2);
    expect(ids(second.rows)).toEqual(['a']);
    expect(second.next).toBeNull();
    expect(ordersPage(facts.db, DAY, {}, [], null, 3).next).toBeNull();
  });

  it('answers each row with its clerk (none for an order from the central), central number and figures', () => {
    facts.fact({
      orderId: 'mine',
      createdOn: '2026-10-24T09:00:00.000Z',
      statusId: 4,
      totalAmount: 980,
      paidAmount: 640,
      lineCount: 2,
      lines: '2× x',
    });
    facts.fact({ orderId: 'central', createdOn: '2026-10-24T08:00:00.000Z', clerkId: null, clerkName: null });
    facts.fact({ orderId: 'unnamed', createdOn: '2026-10-24T07:00:00.000Z', clerkName: null });
    facts.sync('mine', 'synced', { centralOrderNumber: 'X-1' });
    expect(ordersPage(facts.db, DAY, {}, [], null, 50).rows).toEqual([
      {
        orderId: 'mine',
        orderNumber: 'N-mine',
        centralOrderNumber: 'X-1',
        createdOn: '2026-10-24T09:00:00.000Z',
        statusId: 4,
        clerk: { staffId: 'anna', name: 'Anna de Vries' },
        lines: '2× x',
        lineCount: 2,
        totalAmount: 980,
        paidAmount: 640,
        refundedAmount: 0,
        syncState: 'synced',
      },
      expect.objectContaining({ orderId: 'central', clerk: null, centralOrderNumber: null, syncState: 'pending' }),
      expect.objectContaining({ orderId: 'unnamed', clerk: { staffId: 'anna', name: '' } }),
    ]);
  });

  it('filters by status, sync state and clerk; an empty list filters nothing', () => {
    facts.fact({ orderId: 'concept', createdOn: '2026-10-24T07:00:00.000Z', statusId: 1, syncState: 'rejected' });
    facts.fact({ orderId: 'paid', createdOn: '2026-10-24T08:00:00.000Z', statusId: 4, clerkId: 'mark' });
    facts.fact({ orderId: 'cancelled', createdOn: '2026-10-24T09:00:00.000Z', statusId: 6, syncState: 'synced' });
    expect(page({ statusIds: [4, 6] })).toEqual(['cancelled', 'paid']);
    expect(page({ statusIds: [] })).toHaveLength(3);
    expect(page({ syncStates: ['rejected', 'synced'] })).toEqual(['cancelled', 'concept']);
    expect(page({ syncStates: [] })).toHaveLength(3);
    expect(page({ staffId: 'mark' })).toEqual(['paid']);
  });

  it('filters by a product on a line made within the range', () => {
    facts.fact({ orderId: 'o1', createdOn: FIRST });
    facts.fact({ orderId: 'o2', createdOn: LAST });
    facts.fact({ orderId: 'o3', createdOn: '2026-10-24T08:00:00.000Z' });
    facts.line('o1', 0, FIRST, 600);
    facts.line('o2', 0, LAST, 601);
    facts.line('o2', 1, LAST, 600);
    facts.line('o3', 0, '2026-10-24T08:00:00.000Z', 601);
    // A line outside the range does not bring its order in (lines carry their order's time).
    facts.line('o3', 1, DAY.to, 600);
    expect(page({ productId: 600 })).toEqual(['o2', 'o1']);
  });

  it('filters by a payment method of an order made within the range', () => {
    facts.fact({ orderId: 'o1', createdOn: FIRST });
    facts.fact({ orderId: 'o2', createdOn: LAST });
    facts.fact({ orderId: 'o3', createdOn: '2026-10-24T08:00:00.000Z' });
    facts.money({ paymentId: 'p1', orderId: 'o1', amount: 1, paymentMethodId: 2, orderCreatedOn: FIRST });
    facts.money({ paymentId: 'p2', orderId: 'o2', amount: 1, paymentMethodId: 2, orderCreatedOn: LAST });
    facts.money({ paymentId: 'p3', orderId: 'o3', amount: 1, paymentMethodId: 1, orderCreatedOn: '2026-10-24T08:00:00.000Z' });
    facts.money({ paymentId: 'p4', orderId: 'o3', amount: 1, paymentMethodId: 2, orderCreatedOn: DAY.to });
    expect(page({ paymentMethodId: 2 })).toEqual(['o2', 'o1']);
  });

  it('filters by a token: a pass number or xTat typed on the order, or a registered token on a line', () => {
    for (const id of ['pass', 'xtat', 'token', 'other']) facts.fact({ orderId: id, createdOn: `2026-10-24T0${id.length}:00:00.000Z` });
    const key = facts.db.prepare('INSERT INTO order_search_keys (key, order_id, created_on) VALUES (?, ?, ?)');
    key.run('pass:35281111', 'pass', FIRST);
    key.run('xtat:35281111', 'xtat', FIRST);
    key.run('no:35281111', 'other', FIRST);
    facts.db.prepare('INSERT INTO order_tokens (transit_token_id, order_id) VALUES (?, ?)').run(7, 'token');
    expect(page({ token: '3528 1111' }, 50, [7]).sort()).toEqual(['pass', 'token', 'xtat']);
    expect(page({ token: '3528 1111' }, 50, []).sort()).toEqual(['pass', 'xtat']);
  });
});

describe('the range summary', () => {
  it('counts every order, totals those not cancelled, and sums paid and refunded', () => {
    facts.fact({ orderId: 'o1', createdOn: FIRST, statusId: 4, totalAmount: 980, paidAmount: 880, refundedAmount: 100 });
    facts.fact({ orderId: 'o2', createdOn: LAST, statusId: 6, totalAmount: 340, paidAmount: 0 });
    facts.fact({ orderId: 'o3', createdOn: DAY.to, statusId: 4, totalAmount: 5000, paidAmount: 5000, refundedAmount: 5 });
    expect(rangeSummary(facts.db, DAY, {}, [])).toEqual({ count: 2, totalAmount: 980, paidAmount: 880, refundedAmount: 100 });
    expect(rangeSummary(facts.db, DAY, { staffId: 'nobody' }, [])).toEqual({ count: 0, totalAmount: 0, paidAmount: 0, refundedAmount: 0 });
  });
});

describe('the money of a range', () => {
  it('takes the payments settled, and those failed, within the range', () => {
    facts.money({ paymentId: 'settled-first', orderId: 'o', amount: 1, settledAt: FIRST });
    facts.money({ paymentId: 'settled-last', orderId: 'o', amount: 2, settledAt: LAST, isRefund: true });
    facts.money({ paymentId: 'settled-before', orderId: 'o', amount: 3, settledAt: BEFORE });
    facts.money({ paymentId: 'settled-after', orderId: 'o', amount: 4, settledAt: DAY.to });
    facts.money({ paymentId: 'failed-first', orderId: 'o', amount: 5, state: 'FAILED', lastAt: FIRST });
    facts.money({ paymentId: 'failed-last', orderId: 'o', amount: 6, state: 'FAILED', lastAt: LAST });
    facts.money({ paymentId: 'failed-before', orderId: 'o', amount: 7, state: 'FAILED', lastAt: BEFORE });
    facts.money({ paymentId: 'failed-after', orderId: 'o', amount: 8, state: 'FAILED', lastAt: DAY.to });
    facts.money({ paymentId: 'pending', orderId: 'o', amount: 9, state: 'PENDING', lastAt: LAST });
    const found = paymentsIn(facts.db, DAY);
    expect(found.map((m) => m.paymentId).sort()).toEqual(['failed-first', 'failed-last', 'settled-first', 'settled-last']);
    expect(found.find((m) => m.paymentId === 'settled-last')).toEqual({
      paymentId: 'settled-last',
      orderId: 'o',
      paymentMethodId: 1,
      methodName: 'Contant',
      provider: 'counter',
      isRefund: true,
      amount: 2,
      state: 'SETTLED',
      createdOn: '2026-10-24T08:00:00.000Z',
      settledAt: LAST,
      lastAt: '2026-10-24T08:00:00.000Z',
    });
    expect(found.find((m) => m.paymentId === 'settled-first')?.isRefund).toBe(false);
  });
});

describe('the orders made in a range', () => {
  it('each with its clerk and, when asked for, its lines in order', () => {
    facts.fact({ orderId: 'o1', createdOn: FIRST, statusId: 4, totalAmount: 980 });
    facts.fact({ orderId: 'o2', createdOn: LAST, clerkId: null, clerkName: null });
    facts.fact({ orderId: 'o3', createdOn: '2026-10-24T08:00:00.000Z', clerkName: null });
    facts.fact({ orderId: 'o4', createdOn: DAY.to });
    facts.line('o1', 0, FIRST, 600, 1, 340);
    facts.line('o1', 1, FIRST, 601, 1, 640);
    facts.line('o4', 0, DAY.to, 600);
    const made = ordersMadeIn(facts.db, DAY, true).sort((a, b) => a.orderId.localeCompare(b.orderId));
    expect(made).toEqual([
      {
        orderId: 'o1',
        orderNumber: 'N-o1',
        createdOn: FIRST,
        statusId: 4,
        totalAmount: 980,
        clerk: { staffId: 'anna', name: 'Anna de Vries' },
        lines: [
          { productId: 600, productName: 'product 600', quantity: 1, amount: 340 },
          { productId: 601, productName: 'product 601', quantity: 1, amount: 640 },
        ],
      },
      expect.objectContaining({ orderId: 'o2', clerk: null, lines: [] }),
      expect.objectContaining({ orderId: 'o3', clerk: { staffId: 'anna', name: '' } }),
    ]);
    expect(ordersMadeIn(facts.db, DAY, false).find((o) => o.orderId === 'o1')?.lines).toEqual([]);
  });
});

describe('an order’s history', () => {
  it('oldest first, with who (none for sync, an empty name when none was recorded)', () => {
    const put = facts.db.prepare(
      'INSERT INTO order_events (order_id, at, kind, staff_id, staff_name, payment_id, amount, payment_method_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    put.run('o1', '2026-10-24T08:00:00.000Z', 'created', 'anna', 'Anna de Vries', null, null, null, null);
    put.run('o2', '2026-10-24T08:00:00.000Z', 'created', 'anna', 'Anna de Vries', null, null, null, null);
    put.run('o1', '2026-10-24T07:00:00.000Z', 'refund', 'mark', null, 'p1', 100, 1, 'late');
    put.run('o1', '2026-10-24T09:00:00.000Z', 'reachedCentral', null, null, null, null, null, null);
    expect(orderEvents(facts.db, 'o1')).toEqual([
      {
        at: '2026-10-24T08:00:00.000Z',
        kind: 'created',
        actor: { staffId: 'anna', name: 'Anna de Vries' },
        paymentId: null,
        amount: null,
        paymentMethodId: null,
        detail: null,
      },
      {
        at: '2026-10-24T07:00:00.000Z',
        kind: 'refund',
        actor: { staffId: 'mark', name: '' },
        paymentId: 'p1',
        amount: 100,
        paymentMethodId: 1,
        detail: 'late',
      },
      {
        at: '2026-10-24T09:00:00.000Z',
        kind: 'reachedCentral',
        actor: null,
        paymentId: null,
        amount: null,
        paymentMethodId: null,
        detail: null,
      },
    ]);
  });
});

describe('stale concepts', () => {
  it('are concept and awaiting-payment orders made before the instant, newest first', () => {
    facts.fact({ orderId: 'concept', createdOn: BEFORE, statusId: 1 });
    facts.fact({ orderId: 'awaiting', createdOn: '2026-10-20T08:00:00.000Z', statusId: 2 });
    facts.fact({ orderId: 'pending', createdOn: '2026-10-20T08:00:00.000Z', statusId: 3 });
    facts.fact({ orderId: 'today', createdOn: FIRST, statusId: 1 });
    expect(ids(staleOrders(facts.db, FIRST))).toEqual(['concept', 'awaiting']);
    expect(staleCount(facts.db, FIRST)).toBe(2);
    expect(staleOrders(facts.db, FIRST)[0]).toMatchObject({ clerk: { staffId: 'anna', name: 'Anna de Vries' }, syncState: 'pending' });
  });

  it('are offered 500 at most, the newest', () => {
    const put = facts.db.prepare(
      "INSERT INTO order_facts (order_id, created_on, order_number, status_id, total_amount, paid_amount, refunded_amount, line_count, lines) VALUES (?, ?, ?, 1, 0, 0, 0, 0, '')",
    );
    for (let i = 0; i < 501; i++)
      put.run(
        `o${String(i).padStart(3, '0')}`,
        `2026-10-20T08:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
        `n${i}`,
      );
    const offered = staleOrders(facts.db, FIRST);
    expect(offered).toHaveLength(500);
    expect(offered[0]!.orderId).toBe('o500');
    expect(staleCount(facts.db, FIRST)).toBe(501);
  });
});

describe('the clerks’ search', () => {
  const noTokens = { tokens: new Map() } as Catalog;
  const search = (text: string, range: typeof DAY | null = null, statusIds?: number[], limit = 50) =>
    ids(searchByText(facts.db, noTokens, text, range, statusIds, limit));

  beforeEach(() => {
    facts.fact({ orderId: 'o1', createdOn: FIRST, orderNumber: 'C-1', statusId: 4 });
    facts.fact({ orderId: 'o2', createdOn: LAST, orderNumber: 'C-2', statusId: 1 });
    facts.fact({ orderId: 'o3', createdOn: DAY.to, orderNumber: 'C-3', statusId: 1 });
    const key = facts.db.prepare('INSERT INTO order_search_keys (key, order_id, created_on) VALUES (?, ?, ?)');
    key.run('no:c-1', 'o1', FIRST);
    key.run('pass:1111', 'o1', FIRST);
    key.run('pass:1111', 'o2', LAST);
    key.run('xtat:abcd', 'o3', DAY.to);
    key.run('pass:1111', 'o3', DAY.to);
    facts.sync('o2', 'synced', { centralOrderNumber: 'X 77' });
  });

  it('finds by order number, pass number, xTat or the central’s order number', () => {
    expect(search(' c-1 ')).toEqual(['o1']);
    expect(search('AB CD')).toEqual(['o3']);
    expect(search(' X 77 ')).toEqual(['o2']);
    expect(search('1111')).toEqual(['o3', 'o2', 'o1']);
  });

  it('within a range, among statuses, up to a limit', () => {
    expect(search('1111', DAY)).toEqual(['o2', 'o1']);
    expect(search('1111', null, [1])).toEqual(['o3', 'o2']);
    expect(search('1111', null, [])).toEqual(['o3', 'o2', 'o1']);
    expect(search('1111', DAY, [4])).toEqual(['o1']);
    expect(search('1111', null, undefined, 2)).toEqual(['o3', 'o2']);
  });

  it('finds an order by a registered token on its lines', () => {
    facts.db.prepare('INSERT INTO order_tokens (transit_token_id, order_id) VALUES (?, ?)').run(9, 'o2');
    const catalog = { tokens: new Map([[9, { transitTokenId: 9, passNumber: null, lastDigits: 4242, xTat: 'z' }]]) } as never as Catalog;
    expect(ids(searchByText(facts.db, catalog, '4242', null, undefined, 50))).toEqual(['o2']);
  });
});

describe('orders the central refused', () => {
  it('those made within the range, oldest first, with the reasons', () => {
    for (const [id, at] of [
      ['last', LAST],
      ['first', FIRST],
      ['after', DAY.to],
      ['fine', '2026-10-24T08:00:00.000Z'],
    ] as const) {
      facts.fact({ orderId: id, createdOn: at, syncState: id === 'fine' ? 'synced' : 'rejected' });
      facts.sync(id, id === 'fine' ? 'synced' : 'rejected', { reasons: [{ detail: `no ${id}`, pointer: '' }] });
    }
    expect(refusedIn(facts.db, DAY)).toEqual([
      { orderId: 'first', orderNumber: 'N-first', reasons: [{ detail: 'no first', pointer: '' }] },
      { orderId: 'last', orderNumber: 'N-last', reasons: [{ detail: 'no last', pointer: '' }] },
    ]);
  });
});
