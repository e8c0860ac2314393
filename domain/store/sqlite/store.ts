import type { Database } from 'better-sqlite3';
import type { Fixtures } from '../../../shared/schemas/reference';
import { listDeletions, nextStamp, recordDeletion } from './changes';
import { openDatabase, trackVersion } from './database';
import { ORDER_MIGRATIONS } from './migrations';
import { listDayClosures, putDayClosure } from './dayClosures';
import { sqliteFleet } from './fleet';
import { sqliteCards } from './cards';
import {
  deleteOrder,
  findByExternalId,
  getOrder,
  insertOrder,
  listOrderBytes,
  listOrders,
  nextSequence,
  orderIdOfPart,
  updateOrder,
} from './orders';
import { groupCommit } from './groupCommit';
import { readerPool, type ReaderPool } from './readers';
import { readReference, writeReference } from './reference';
import { stamped } from '../rows';
import { orderNumberOf } from '../../order/numbering';
import { joinPage } from '../joined';
import type { InsertOutcome, OrderFilter, OrderStore, WriteHook } from '../types';

/** The largest page read on the event loop (onLoop): a counter's screen asks for 20. */
export const SMALL_PAGE = 20;

/**
 * Whether a list is read on the event loop rather than on a reader thread (docs/operations.md
 * §2): a list by order id, number or external id (a row or two through a unique index), or a
 * page of at most SMALL_PAGE orders read from one index range (listing.ts) that is not a card's
 * orders (those are sorted whole); the hop to a thread and back costs more than such a read.
 */
const onLoop = (filter: OrderFilter, limit: number) =>
  filter.orderId !== undefined ||
  filter.orderNumber !== undefined ||
  filter.externalOrderId !== undefined ||
  (limit <= SMALL_PAGE && filter.transitTokenIds === undefined);

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The SQLite unit of work a write hook joins: the connection, inside the write's transaction. */
export type SqliteWriteHook = WriteHook<Database>;

/**
 * The SQLite backend of the order store; writes are group-committed (groupCommit.ts), each
 * batch under one change stamp taken from `clock` while it holds the write lock (changes.ts).
 */
export function sqliteOrderStore(
  db: Database,
  onWrite: SqliteWriteHook = () => {},
  clock: () => Date = () => new Date(),
  readers?: ReaderPool,
  onBatch?: (size: number) => void,
): OrderStore & { db: Database } {
  const write = groupCommit(db, () => nextStamp(db, clock()), onBatch);
  return {
    db,
    get: async (orderId) => getOrder(db, orderId),
    orderIdOfPart: async (kind, partId) => orderIdOfPart(db, kind, partId),
    findByExternalId: async (touchpointId, externalOrderId) => findByExternalId(db, touchpointId, externalOrderId),
    async insert(record, numbering): Promise<InsertOutcome> {
      try {
        return await write((stamp): InsertOutcome => {
          const numbered = stamped(
            { ...record, order: { ...record.order, orderNumber: orderNumberOf(numbering, nextSequence(db, 'order_number')) } },
            stamp,
          );
          insertOrder(db, numbered);
          onWrite(db, numbered.order.orderId, 'insert', numbered.order);
          return { inserted: numbered };
        });
      } catch (error) {
        const external = record.order.externalOrderId;
        const existing = external !== null && isUniqueViolation(error) ? findByExternalId(db, record.touchpointId, external) : undefined;
        if (existing) return { duplicateOf: existing };
        throw error;
      }
    },
    update: (record, expectedVersion) =>
      write((stamp) => {
        const next = stamped(record, stamp);
        if (!updateOrder(db, next, expectedVersion)) return null;
        onWrite(db, record.order.orderId, 'update', next.order);
        return next;
      }),
    remove: (orderId, expectedVersion) =>
      write((stamp) => {
        const removed = deleteOrder(db, orderId, expectedVersion);
        if (!removed) return false;
        recordDeletion(db, { orderId, ...removed, deletedOn: stamp });
        onWrite(db, orderId, 'delete');
        return true;
      }),
    list: async (filter, limit, after) => (readers ? readers.listOrders(filter, limit, after) : listOrders(db, filter, limit, after)),
    listJoined: async (filter, limit, after) =>
      readers && !onLoop(filter, limit) ? readers.listJoined(filter, limit, after) : joinPage(listOrderBytes(db, filter, limit, after)),
    listDeleted: async (filter, limit, after) =>
      readers ? readers.listDeletions(filter, limit, after) : listDeletions(db, filter, limit, after),
    putDayClosure: async (closure) => putDayClosure(db, closure),
    listDayClosures: async (touchpointId, from, limit, after) => listDayClosures(db, touchpointId, from, limit, after),
    fleet: sqliteFleet(db),
    cards: sqliteCards(db),
    async ready() {
      // Throws as well when the connection is gone.
      if (trackVersion(db, 'orders') !== ORDER_MIGRATIONS.length) throw new Error("the database's migrations are not current");
    },
    async loadReference() {
      const row = readReference(db);
      return row ? (JSON.parse(row.doc) as Fixtures) : undefined;
    },
    saveReference: async (fixtures, source, at) => writeReference(db, fixtures, source, at),
    async close() {
      await readers?.close();
      if (db.open) db.close();
    },
  };
}

/** Reader threads for a file's list reads: how many (0: none, reads on the event loop), or a pool made for the file (tests). */
export type Readers = number | ((file: string) => ReaderPool);

/**
 * Opens the store on a file. With `readers` (the central's), list reads run on reader
 * threads (readers.ts), off the event loop; an in-memory database has none.
 */
export function openSqliteOrderStore(
  file: string,
  onWrite?: SqliteWriteHook,
  clock?: () => Date,
  readers: Readers = 0,
  onBatch?: (size: number) => void,
) {
  const db = openDatabase(file);
  const pool =
    file === ':memory:' ? undefined : typeof readers === 'function' ? readers(file) : readers > 0 ? readerPool(file, readers) : undefined;
  return sqliteOrderStore(db, onWrite, clock, pool, onBatch);
}
