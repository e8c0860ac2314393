// The orders area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { cardOrdersHolding, cardSaleWaiting, ordersOnCard } from './cardOrders';
export {
  decodePosition,
  encodePosition,
  orderEvents,
  orderNumbersOf,
  ordersMadeIn,
  ordersPage,
  paymentsIn,
  rangeSummary,
  refusedIn,
  searchByText,
  settledByMethod,
  staleCount,
  staleOrders,
  tokenIdsFor,
  type Bounds,
  type Position,
} from './review';
export { unsyncedOrders } from './unsynced';
export { DayClosed, type OrderDesk } from './desk';
export { compact } from './facts';
export { paymentsAwaitingAnswer, salesBegunSince, touchpointOrdersIn, type OpenOrder } from './openWork';
export { dropLocalOrder, hasLocalOrder, localOrder, localVersion, replaceLocalOrder, takeInCentralCopy } from './localOrders';
export { purgeOrdersBefore } from './personalData';
