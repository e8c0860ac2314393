import type { Database } from 'better-sqlite3';
import type { Fixtures } from '../../shared/schemas/reference';
import type { OrderRecord } from '../order/settle';
import { openDatabase } from './database';
import {
  deleteOrder,
  findByExternalId,
  getOrder,
  insertOrder,
  listOrders,
  nextSequence,
  orderIdOfPart,
  updateOrder,
} from './orders';
import { groupCommit } from './groupCommit';
import { readReference, writeReference } from './reference';
import type { InsertOutcome, OrderStore } from './types';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * Runs inside each write's transaction: the counter appends its sync outbox entry here, so
 * that a change and the duty to send it are committed together or not at all.
 */
export type WriteHook = (orderId: string, change: 'insert' | 'update' | 'delete') => void;

/** The SQLite backend of the order store; writes are group-committed (groupCommit.ts). */
export function sqliteOrderStore(db: Database, onWrite: WriteHook = () => {}): OrderStore & { db: Database } {
  const write = groupCommit(db);
  return {
    db,
    get: async (orderId) => getOrder(db, orderId),
    orderIdOfPart: async (kind, partId) => orderIdOfPart(db, kind, partId),
    findByExternalId: async (touchpointId, externalOrderId) => findByExternalId(db, touchpointId, externalOrderId),
    async insert(record, numberFor): Promise<InsertOutcome> {
      try {
        return await write((): InsertOutcome => {
          const numbered: OrderRecord = {
            ...record,
            order: { ...record.order, orderNumber: numberFor(nextSequence(db, 'order_number')) },
          };
          insertOrder(db, numbered);
          onWrite(numbered.order.orderId, 'insert');
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
      write(() => {
        const written = updateOrder(db, record, expectedVersion);
        if (written) onWrite(record.order.orderId, 'update');
        return written;
      }),
    remove: (orderId, expectedVersion) =>
      write(() => {
        const removed = deleteOrder(db, orderId, expectedVersion);
        if (removed) onWrite(orderId, 'delete');
        return removed;
      }),
    list: async (filter, limit, after) => listOrders(db, filter, limit, after),
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

export function openSqliteOrderStore(file: string, onWrite?: WriteHook) {
  return sqliteOrderStore(openDatabase(file), onWrite);
}
