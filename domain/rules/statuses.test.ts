import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusName } from '../../shared/enums';
import { MAY, canMove, statusName } from './statuses';

/**
 * The status machine, written out here by hand from docs/api.md §3.3 and §4 rather than read
 * from TRANSITIONS, so that a changed table is caught.
 */
const ALLOWED: Record<OrderStatusName, OrderStatusName[]> = {
  concept: ['awaitingPayment', 'cancelled'],
  awaitingPayment: ['pendingPayment', 'cancelled'],
  pendingPayment: ['paid', 'awaitingPayment', 'cancelled'],
  // docs/api.md §7.1: a full refund cancels a paid or delivered order.
  paid: ['delivered', 'cancelled'],
  delivered: ['cancelled'],
  cancelled: [],
};

const ALL = Object.keys(ORDER_STATUS) as OrderStatusName[];
const pairs = ALL.flatMap((from) => ALL.map((to) => [from, to, ALLOWED[from].includes(to)] as const));

describe('order status machine', () => {
  it.each(pairs.filter(([, , allowed]) => allowed))('allows %s -> %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
  });

  it.each(pairs.filter(([, , allowed]) => !allowed))('refuses %s -> %s', (from, to) => {
    expect(canMove(from, to)).toBe(false);
  });

  it('names every status id of docs/api.md §0.3', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusName)).toEqual(['concept', 'awaitingPayment', 'pendingPayment', 'paid', 'delivered', 'cancelled']);
  });

  const statusesWhere = (may: (s: OrderStatusName) => boolean) => ALL.filter(may);

  it('lets only a concept order change its lines', () => {
    expect(statusesWhere(MAY.changeLines)).toEqual(['concept']);
  });

  it('refuses to delete pendingPayment, paid and delivered orders (docs/api.md §3.3)', () => {
    expect(statusesWhere(MAY.delete)).toEqual(['concept', 'awaitingPayment', 'cancelled']);
  });

  it('takes payments and shows transit tokens only while the order is open', () => {
    const open = ['concept', 'awaitingPayment', 'pendingPayment'];
    expect(statusesWhere(MAY.pay)).toEqual(open);
    expect(statusesWhere(MAY.showTransitToken)).toEqual(open);
    expect(statusesWhere(MAY.changeOrder)).toEqual(open);
    // Cancelling by POST /cancellation; paid and delivered orders only by a full refund (7.2).
    expect(statusesWhere(MAY.cancel)).toEqual(open);
  });
});
