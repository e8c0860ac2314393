import type { Order } from '../../shared/schemas/order';

/**
 * A million orders that look like a year of an operator's sales, made from a few template
 * orders (each written through the order service, so every doc is one the central wrote
 * itself) by changing what varies between real orders: ids, numbers, times, touchpoint,
 * customer, external id and registered token. Row `i` is a pure function of `i` and the
 * count, so the benchmark can name any seeded order (a cursor deep into the change feed, an
 * external id) without reading the database, and both servers get the same rows.
 *
 * What stays the same from one scale to another is what a query of the benchmark reads: an
 * order every STEP_MS, so "the last hour" holds as many orders at 10,000 as at 1,000,000;
 * the queried token has TOKEN_ORDERS orders at any scale (one traveller's card); the heavy
 * customer, the statuses and the touchpoints keep their share, so they grow with the scale.
 */

export const STEP_MS = 30_000;
export const TOKEN_ORDERS = 25;
/** The customer of the queried token: 1% of all orders, the heavy customer of the benchmark. */
export const HEAVY_SHARE = 0.01;

export type TemplateName = 'concept' | 'conceptToken' | 'paid' | 'delivered' | 'deliveredToken' | 'cancelled';

/** Share of each template (so of each current status), in per mille. Cancelled is the rare status. */
export const MIX: readonly [TemplateName, number][] = [
  ['delivered', 600],
  ['deliveredToken', 100],
  ['paid', 100],
  ['concept', 120],
  ['conceptToken', 78],
  ['cancelled', 2],
];

export interface Template {
  order: Order;
  statusId: number;
}

export interface SeedRow {
  order_id: string;
  touchpoint_id: number;
  external_order_id: string | null;
  order_number: string;
  customer_profile_id: number;
  customer_fixed: number;
  status_id: number;
  created_on: string;
  last_updated_on: string;
  version: number;
  doc: string;
  parts: { part_id: string; kind: 'line' | 'payment' }[];
  tokens: number[];
}

export interface VarietyOptions {
  count: number;
  /** Where the newest order is created; older ones go back STEP_MS each. */
  newest: number;
  /** The first order number's sequence value. */
  firstSequence: number;
  touchpoints: Order['touchPoint'][];
  heavy: { customerProfileId: number; transitTokenId: number };
}

/** A 32-bit hash of i and a salt: the seed's dice, the same on every run. */
function dice(i: number, salt: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}
const chance = (i: number, salt: number) => dice(i, salt) / 2 ** 32;

/** A UUID-shaped id from a number: deterministic, and sorting as the numbers do within one kind. */
export const seedId = (kind: number, i: number) =>
  `5eed${kind.toString(16).padStart(4, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

export function templateOf(i: number): TemplateName {
  let roll = dice(i, 1) % 1000;
  for (const [name, share] of MIX) {
    if (roll < share) return name;
    roll -= share;
  }
  return MIX[0]![0];
}

export function createdOn(options: VarietyOptions, i: number): string {
  return new Date(options.newest - (options.count - 1 - i) * STEP_MS).toISOString();
}

/** Changed a little after creation (paid, delivered, cancelled), always before the next order: update order is creation order. */
export function lastUpdatedOn(options: VarietyOptions, i: number): string {
  return new Date(options.newest - (options.count - 1 - i) * STEP_MS + (dice(i, 2) % (STEP_MS - 1))).toISOString();
}

export const externalIdOf = (i: number) => (chance(i, 3) < 0.4 ? `ext-${i}` : null);

/** The orders with the heavy customer's token: TOKEN_ORDERS of them, spread evenly, at any count. */
const holdsHeavyToken = (options: VarietyOptions, i: number) => i % Math.max(1, Math.floor(options.count / TOKEN_ORDERS)) === 0;

function customerOf(options: VarietyOptions, i: number): number {
  if (holdsHeavyToken(options, i)) return options.heavy.customerProfileId;
  const roll = chance(i, 4);
  if (roll < 0.55) return 0;
  if (roll < 0.55 + HEAVY_SHARE) return options.heavy.customerProfileId;
  // About five orders per customer, whatever the scale.
  return 1_000_000 + (dice(i, 5) % Math.max(1, Math.floor(options.count / 5)));
}

/** The token of an order from a token template: the heavy customer's for a few, else a traveller's own card. */
function tokenOf(options: VarietyOptions, i: number): number {
  return holdsHeavyToken(options, i)
    ? options.heavy.transitTokenId
    : 9_000_000 + (dice(i, 6) % Math.max(1, Math.floor(options.count / 20)));
}

export function seedRow(options: VarietyOptions, templates: Record<TemplateName, Template>, i: number): SeedRow {
  const name = holdsHeavyToken(options, i) ? 'conceptToken' : templateOf(i);
  const { order, statusId } = templates[name];
  const touchPoint = options.touchpoints[dice(i, 7) % options.touchpoints.length]!;
  const created = createdOn(options, i);
  const updated = lastUpdatedOn(options, i);
  const tokened = name === 'conceptToken' || name === 'deliveredToken';
  const token = tokened ? tokenOf(options, i) : null;
  const orderId = seedId(1, i);
  const doc: Order = {
    ...order,
    orderId,
    orderNumber: String(100_000_000 + options.firstSequence + i),
    externalOrderId: externalIdOf(i),
    customerProfileId: customerOf(options, i),
    touchPoint,
    createdOn: created,
    lastUpdatedOn: updated,
    orderLines: order.orderLines.map((line, k) => ({
      ...line,
      orderLineId: seedId(2 + k, i),
      customerTokens: line.customerTokens?.map((t) => (t.transitTokenId === null ? t : { ...t, transitTokenId: token })) ?? null,
    })),
    payments: order.payments.map((p, k) => ({ ...p, paymentId: seedId(16 + k, i) })),
  };
  return {
    order_id: orderId,
    touchpoint_id: touchPoint.salesTouchpointId,
    external_order_id: doc.externalOrderId,
    order_number: doc.orderNumber,
    customer_profile_id: doc.customerProfileId,
    customer_fixed: 0,
    status_id: statusId,
    created_on: created,
    last_updated_on: updated,
    version: 1,
    doc: JSON.stringify(doc),
    parts: [
      ...doc.orderLines.map((l) => ({ part_id: l.orderLineId, kind: 'line' as const })),
      ...doc.payments.map((p) => ({ part_id: p.paymentId, kind: 'payment' as const })),
    ],
    tokens: token === null ? [] : [token],
  };
}
