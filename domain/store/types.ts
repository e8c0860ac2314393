import type { Order } from '../../shared/schemas/order';
import type { Fixtures } from '../../shared/schemas/reference';
import type { OrderRecord } from '../order/record';
import type { OrderNumbering } from '../order/numbering';
import type { ListedOrder } from '../order/present';
import type { JoinedDocs } from './joined';
import type { DayClosurePage, PutDayClosure, StoredDayClosure } from './dayClosures';
import type { FleetStore } from './fleet';
import type { CardStore } from './cards';

/** The filters of GET /deletedorders. */
export interface DeletedFilter {
  updatedAfter?: string;
  touchpointId?: number;
  customerProfileId?: number;
}

/** The filters of GET /orders (docs/api.md §3.4), already parsed. */
export interface OrderFilter {
  orderId?: string;
  orderNumber?: string;
  externalOrderId?: string;
  createdBefore?: string;
  createdAfter?: string;
  updatedBefore?: string;
  updatedAfter?: string;
  orderStatusId?: number[];
  customerProfileId?: number;
  /** Orders with a line whose registered token is one of these (xTat resolved by the caller). */
  transitTokenIds?: number[];
  touchpointId?: number;
}

/** Where a page starts: after the row with this sort key and order id. */
export interface PageAfter {
  key: string;
  orderId: string;
}

export interface Page<Doc = string> {
  /**
   * Each order as stored (JSON text): a list answers most of them as they are, without
   * parsing and serialising them again. Its current status and whether it has registered
   * tokens let the domain decide which answers embed the tokens' reference data.
   */
  rows: ListedOrder<Doc>[];
  /** Set when more rows follow: the last row's position. */
  next: PageAfter | null;
}

/** A page of orders as GET /orders answers them: the stored docs joined (joinDocs), and where the next page starts. */
export interface JoinedPage extends JoinedDocs {
  next: PageAfter | null;
}

/** The tombstone of a deleted order (docs/api.md §8): what a counter holding a copy needs to drop it. */
export interface DeletedOrder {
  orderId: string;
  externalOrderId: string | null;
  touchpointId: number;
  deletedOn: string;
}

export interface DeletedPage {
  rows: DeletedOrder[];
  next: PageAfter | null;
}

export type OrderChange = 'insert' | 'update' | 'delete';

/**
 * Runs inside each write's transaction, with the backend's handle on it (`Tx`): the counter
 * appends its sync outbox entry and indexes the order as written (`order`, absent for a
 * deletion) through it, so that a change, its index and the duty to send it are committed
 * together or not at all.
 */
export type WriteHook<Tx> = (tx: Tx, orderId: string, change: OrderChange, order?: Order) => void;

export type InsertOutcome = { inserted: OrderRecord } | { duplicateOf: string };

/**
 * The order store: what the service needs of a database, and no more, so that another
 * backend (PostgreSQL for operators with many stores) can stand in. Async for that reason;
 * every write is one transaction, and stamps `lastUpdatedOn` (and a deletion's `deletedOn`)
 * from the store's change clock: rising in commit order, never the caller's time.
 */
export interface OrderStore {
  get(orderId: string): Promise<OrderRecord | undefined>;
  orderIdOfPart(kind: 'line' | 'payment', partId: string): Promise<string | undefined>;
  findByExternalId(touchpointId: number, externalOrderId: string): Promise<string | undefined>;
  /** Inserts with the next order number (made by `numbering` inside the transaction). */
  insert(record: OrderRecord, numbering: OrderNumbering): Promise<InsertOutcome>;
  /** Writes the record if the stored version is still `expectedVersion`: answers it as stored, or null. */
  update(record: OrderRecord, expectedVersion: number): Promise<OrderRecord | null>;
  remove(orderId: string, expectedVersion: number): Promise<boolean>;
  list(filter: OrderFilter, limit: number, after: PageAfter | null): Promise<Page>;
  /** The same page as `list`, joined for an answer (the reader threads join it off the main thread). */
  listJoined(filter: OrderFilter, limit: number, after: PageAfter | null): Promise<JoinedPage>;
  listDeleted(filter: DeletedFilter, limit: number, after: PageAfter | null): Promise<DeletedPage>;
  /** Stores a counter's day close unless its close id or its touchpoint's day is taken; answers what holds it. */
  putDayClosure(closure: StoredDayClosure): Promise<PutDayClosure>;
  /** A touchpoint's closes, or every touchpoint's with `null`. */
  listDayClosures(
    touchpointId: number | null,
    businessDateFrom: string | undefined,
    limit: number,
    after: PageAfter | null,
  ): Promise<DayClosurePage>;
  /** Resolves when the database answers and its migrations are current (GET /readyz); rejects otherwise. */
  ready(): Promise<void>;
  /** The central's fleet of counters (docs/api.md §11). */
  fleet: FleetStore;
  /** The central's own card data (docs/api.md §12). */
  cards: CardStore;
  loadReference(): Promise<Fixtures | undefined>;
  saveReference(fixtures: Fixtures, source: string, at: string): Promise<void>;
  close(): Promise<void>;
}
