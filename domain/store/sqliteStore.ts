import type { Database } from 'better-sqlite3';
import type { Order } from '../../shared/schemas/order';
import type { Fixtures } from '../../shared/schemas/reference';
import type { OrderRecord } from '../order/settle';
import { listDeletions, nextStamp, recordDeletion } from './changes';
import { openDatabase } from './database';
import { deleteOrder, findByExternalId, getOrder, insertOrder, listOrders, nextSequence, orderIdOfPart, updateOrder } from './orders';
import { groupCommit } from './groupCommit';
import { readReference, writeReference } from './reference';
import type { InsertOutcome, OrderStore } from './types';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Runs inside each write's transaction: the counter appends its sync outbox entry and
 * indexes the order as written (`order`, absent for a deletion) here, so that a change, its
 * index and the duty to send it are committed together or not at all.
 */
export type WriteHook = (orderId: string, change: 'insert' | 'update' | 'delete', order?: Order) => void;

const stamped = (record: OrderRecord, stamp: string): OrderRecord => ({ ...record, order: { ...record.order, lastUpdatedOn: stamp } });

/**
 * The SQLite backend of the order store; writes are group-committed (groupCommit.ts), each
 * batch under one change stamp taken from `clock` while it holds the write lock (changes.ts).
 */
export function sqliteOrderStore(
  db: Database,
  onWrite: WriteHook = () => {},
  clock: () => Date = () => new Date(),
): OrderStore & { db: Database } {
  const write = groupCommit(db, () => nextStamp(db, clock()));
  return {
    db,
    get: async (orderId) => getOrder(db, orderId),
    orderIdOfPart: async (kind, partId) => orderIdOfPart(db, kind, partId),
    findByExternalId: async (touchpointId, externalOrderId) => findByExternalId(db, touchpointId, externalOrderId),
    async insert(record, numberFor): Promise<InsertOutcome> {
      try {
        return await write((stamp): InsertOutcome => {
          const numbered = stamped(
            { ...record, order: { ...record.order, orderNumber: numberFor(nextSequence(db, 'order_number')) } },
            stamp,
          );
          insertOrder(db, numbered);
          onWrite(numbered.order.orderId, 'insert', numbered.order);
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
        onWrite(record.order.orderId, 'update', next.order);
        return next;
      }),
    remove: (orderId, expectedVersion) =>
      write((stamp) => {
        const removed = deleteOrder(db, orderId, expectedVersion);
        if (!removed) return false;
        recordDeletion(db, { orderId, ...removed, deletedOn: stamp });
        onWrite(orderId, 'delete');
        return true;
      }),
    list: async (filter, limit, after) => listOrders(db, filter, limit, after),
    listDeleted: async (filter, limit, after) => listDeletions(db, filter, limit, after),
    async loadReference() {
      const row = readReference(db);
      return row ? (JSON.parse(row.doc) as Fixtures) : undefined;
    },
    saveReference: async (fixtures, source, at) => writeReference(db, fixtures, source, at),
    async close() {
      if (db.open) db.close();
    },
  };
}

export function openSqliteOrderStore(file: string, onWrite?: WriteHook, clock?: () => Date) {
  return sqliteOrderStore(openDatabase(file), onWrite, clock);
}
