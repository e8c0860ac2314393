import { ORDER_STATUS, type OrderStatusName } from '../../shared/enums';

/**
 * docs/api.md §3.3 and §4: the order status machine. Every move the service makes goes through
 * `canMove`, so a refused move is refused in one place.
 */
export const TRANSITIONS: Readonly<Record<OrderStatusName, readonly OrderStatusName[]>> = {
  concept: ['awaitingPayment', 'cancelled'],
  awaitingPayment: ['pendingPayment', 'cancelled'],
  pendingPayment: ['paid', 'awaitingPayment', 'cancelled'],
  // Only a full refund cancels a paid or delivered order (docs/api.md §7.1).
  paid: ['delivered', 'cancelled'],
  delivered: ['cancelled'],
  cancelled: [],
};

export function canMove(from: OrderStatusName, to: OrderStatusName): boolean {
  return TRANSITIONS[from].includes(to);
}

export const statusName = (id: number): OrderStatusName =>
  (Object.keys(ORDER_STATUS) as OrderStatusName[]).find((name) => ORDER_STATUS[name] === id)!;

/** What may be done to an order in each status, besides moving it. */
export const MAY = {
  changeLines: (s: OrderStatusName) => s === 'concept',
  changeOrder: (s: OrderStatusName) => s === 'concept' || s === 'awaitingPayment' || s === 'pendingPayment',
  pay: (s: OrderStatusName) => s === 'concept' || s === 'awaitingPayment' || s === 'pendingPayment',
  cancel: (s: OrderStatusName) => s === 'concept' || s === 'awaitingPayment' || s === 'pendingPayment',
  delete: (s: OrderStatusName) => s === 'concept' || s === 'awaitingPayment' || s === 'cancelled',
  showTransitToken: (s: OrderStatusName) => s === 'concept' || s === 'awaitingPayment' || s === 'pendingPayment',
};
