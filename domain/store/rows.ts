import type { Order } from '../../shared/schemas/order';
import type { OrderRecord } from '../order/record';

/** An order's row as both backends store it: the columns the queries filter on, and the document. */

export interface OrderRow {
  order_id: string;
  touchpoint_id: number;
  /** 0 or 1 in SQLite, a boolean in PostgreSQL. */
  customer_fixed: number | boolean;
  version: number;
  doc: string;
}

export const toRecord = (row: OrderRow): OrderRecord => ({
  order: JSON.parse(row.doc) as Order,
  touchpointId: row.touchpoint_id,
  customerFixed: row.customer_fixed === 1 || row.customer_fixed === true,
  version: row.version,
});

export function columns(record: OrderRecord) {
  const o = record.order;
  return {
    order_id: o.orderId,
    touchpoint_id: record.touchpointId,
    external_order_id: o.externalOrderId,
    order_number: o.orderNumber,
    customer_profile_id: o.customerProfileId,
    customer_fixed: record.customerFixed ? 1 : 0,
    status_id: o.order_OrderStatuses[0]!.orderStatus.orderStatusId,
    created_on: o.createdOn,
    last_updated_on: o.lastUpdatedOn,
    version: record.version,
    doc: JSON.stringify(o),
  };
}

/** The lookup rows of an order: its lines and payments by id, and its registered tokens. */
export function partsOf(order: Order): { parts: { id: string; kind: 'line' | 'payment' }[]; tokens: number[] } {
  const parts: { id: string; kind: 'line' | 'payment' }[] = [];
  const tokens = new Set<number>();
  for (const line of order.orderLines) {
    parts.push({ id: line.orderLineId, kind: 'line' });
    for (const t of line.customerTokens ?? []) if (t.transitTokenId !== null) tokens.add(t.transitTokenId);
  }
  for (const p of order.payments) parts.push({ id: p.paymentId, kind: 'payment' });
  return { parts, tokens: [...tokens] };
}

export const stamped = (record: OrderRecord, stamp: string): OrderRecord => ({
  ...record,
  order: { ...record.order, lastUpdatedOn: stamp },
});
