import { ORDER_STATUS, type OrderStatusName } from '../../shared/enums';
import type { Order } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import { orderTotal } from '../rules/amounts';
import { judgeLine } from '../rules/lineRules';
import { statusName } from '../rules/statuses';
import { stamp, type OpContext } from './context';
import { paymentState } from './money';
import type { OrderRecord } from './record';
import { withReturns } from './returns';

export const currentStatus = (order: Order): OrderStatusName => statusName(order.order_OrderStatuses[0]!.orderStatus.orderStatusId);

/** A refusal because of the order's status: it points at the status and names it. */
export const statusError = (order: Order, detail: string): ProblemError => ({
  detail,
  pointer: '/order_OrderStatuses/0/orderStatus/orderStatusId',
  orderStatusId: ORDER_STATUS[currentStatus(order)],
});

/** Adds a status entry, most recent first; `at` for an entry of another time (an order made offline). */
export function withStatus(order: Order, status: OrderStatusName, description: string, ctx: OpContext, at = stamp(ctx)): Order {
  return {
    ...order,
    order_OrderStatuses: [
      {
        order_orderStatusId: ctx.newId(),
        orderStatus: { orderStatusId: ORDER_STATUS[status], name: status },
        createdOn: at,
        description,
      },
      ...order.order_OrderStatuses,
    ],
  };
}

/**
 * Recomputes everything derived (docs/api.md §3.1/3.2) after a change: the customer, each
 * line's remarks, errors, result and returned quantity (§7.1), the total, validContents and lastUpdatedOn.
 */
export function settle(record: OrderRecord, order: Order, ctx: OpContext): OrderRecord {
  const customerProfileId = customerOf(record, order, ctx);
  const hasMandatePayment = order.payments.some(
    (p) => p.mandateInput !== null && (paymentState(p) === 'PENDING' || paymentState(p) === 'SETTLED'),
  );
  const facts = { catalog: ctx.catalog, now: ctx.now, customerProfileId, hasMandatePayment };
  const orderLines = withReturns(order).orderLines.map((line) => {
    const product = ctx.catalog.products.get(line.productId);
    // A product dropped from the catalogue by a reload keeps the line as it was judged.
    if (!product) return line;
    const verdict = judgeLine(line, product, facts);
    return {
      ...line,
      additionalRemarks: verdict.remarks,
      validationErrors: verdict.errors,
      validationResult: verdict.validationResult,
    };
  });
  return {
    ...record,
    order: {
      ...order,
      customerProfileId,
      orderLines,
      totalAmount: orderTotal(orderLines),
      validContents: orderLines.length > 0 && orderLines.every((l) => l.validationResult === 'valid'),
      lastUpdatedOn: stamp(ctx),
    },
  };
}

function customerOf(record: OrderRecord, order: Order, ctx: OpContext): number {
  if (record.customerFixed || currentStatus(order) !== 'concept') return order.customerProfileId;
  for (const line of order.orderLines) {
    for (const token of line.customerTokens ?? []) {
      const known = token.transitTokenId !== null ? ctx.catalog.tokens.get(token.transitTokenId) : undefined;
      if (known) return known.customerProfileId;
    }
  }
  return 0;
}
