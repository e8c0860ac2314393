import { z } from 'zod';
import type { Language, Order, PaymentMethod, TouchPoint } from '../schemas/order';
import type { Product } from '../schemas/reference';
import { addOrderLineInput, customerInput, orderLineInput, patchOrderInput, patchOrderLineInput } from '../schemas/requests';
import { uuid } from '../schemas/primitives';
import type { ProblemError } from '../schemas/problem';
import { channel } from './declare';

/** A sale: the catalogue, orders and their lines on the counter's own store (its receipt: printing.ts). */

export type SyncState = 'pending' | 'synced' | 'rejected' | 'central';
export interface OrderSync {
  state: SyncState;
  /** The central's order number, once the order reached it. */
  centralOrderNumber: string | null;
  /** The central's reasons, when it refused the order. */
  reasons: ProblemError[];
}
export interface CounterOrder {
  order: Order;
  sync: OrderSync;
  /** Another touchpoint owns the order (docs/api.md §7.3): the counter shows it and changes nothing. */
  readOnly: boolean;
  /** The rounding recorded with each rounded cash payment or refund, by payment id (docs/api.md §10.1). */
  cashRounding: Record<string, number>;
}
export interface OrderSummary {
  orderId: string;
  orderNumber: string;
  centralOrderNumber: string | null;
  createdOn: string;
  statusId: number;
  totalAmount: number;
  lineCount: number;
  syncState: SyncState;
}

/**
 * A sale of this counter not yet finished (open, being paid, or paid but not handed over), and
 * whether a clerk parked it: listed on the start screen, any clerk of the counter resumes it
 * (docs/counter.md §12).
 */
export interface UnfinishedSale {
  orderId: string;
  orderNumber: string;
  createdOn: string;
  statusId: number;
  totalAmount: number;
  lineCount: number;
  /** The lines in short ("2 × Dagkaart, Enkele reis"), so the clerk recognises the customer's sale. */
  lines: string;
  /** Who started it, when known. */
  clerkName: string | null;
  parked: { at: string; by: string | null } | null;
}

export interface CatalogView {
  products: Product[];
  languages: Language[];
  touchpoints: TouchPoint[];
  paymentMethods: PaymentMethod[];
  refreshedAt: string;
  source: 'central' | 'bundled demo';
}

export const orderId = z.object({ orderId: uuid });
const none = z.object({});

export const saleChannels = {
  // Reference data (cached locally, refreshed from the central).
  'catalog.get': channel<CatalogView>()({ input: none, access: 'clerk', kind: 'read' }),

  // Orders: the same operations as the central's order interface, on the local store.
  'orders.create': channel<CounterOrder>()({
    input: z.object({ languageId: z.number().int(), orderLines: z.array(orderLineInput).min(1) }),
    access: 'clerk',
    kind: 'change',
  }),
  'orders.get': channel<CounterOrder>()({ input: orderId, access: 'clerk', kind: 'read' }),
  'orders.search': channel<OrderSummary[]>()({
    input: z.object({
      /** An order number, a pass number, the last digits of a bank card, or an xTat. */
      text: z.string().trim().max(100).default(''),
      /** A calendar day (YYYY-MM-DD, local time of the counter) to list that day's orders. */
      day: z.iso.date().optional(),
      orderStatusId: z.array(z.number().int().min(1).max(6)).optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    access: 'clerk',
    kind: 'read',
  }),
  // Parking: a sale put aside to serve the next customer, resumed by any clerk of the counter.
  'orders.unfinished': channel<UnfinishedSale[]>()({ input: none, access: 'clerk', kind: 'read' }),
  'orders.park': channel<UnfinishedSale>()({ input: orderId, access: 'clerk', kind: 'change' }),
  'orders.resume': channel<CounterOrder>()({ input: orderId, access: 'clerk', kind: 'change' }),
  'orders.patch': channel<CounterOrder>()({ input: orderId.extend({ patch: patchOrderInput }), access: 'clerk', kind: 'change' }),
  'orders.delete': channel<true>()({
    input: orderId,
    access: 'clerk',
    kind: 'change',
    audit: { act: { en: 'Order deleted', nl: 'Bestelling verwijderd' }, recorded: 'always' },
  }),
  'orders.setCustomer': channel<CounterOrder>()({ input: orderId.extend({ customer: customerInput }), access: 'clerk', kind: 'change' }),
  'orders.deliver': channel<CounterOrder>()({ input: orderId, access: 'clerk', kind: 'change' }),
  'orders.cancel': channel<CounterOrder>()({
    input: orderId,
    access: 'clerk',
    kind: 'change',
    audit: { act: { en: 'Order cancelled', nl: 'Bestelling geannuleerd' }, recorded: 'always' },
  }),
  'lines.add': channel<CounterOrder>()({ input: orderId.extend({ line: addOrderLineInput }), access: 'clerk', kind: 'change' }),
  'lines.patch': channel<CounterOrder>()({
    input: z.object({ orderLineId: uuid, patch: patchOrderLineInput }),
    access: 'clerk',
    kind: 'change',
  }),
  'lines.remove': channel<CounterOrder>()({ input: z.object({ orderLineId: uuid }), access: 'clerk', kind: 'change' }),
} as const;
