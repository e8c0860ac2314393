import type { MessagePort } from 'node:worker_threads';
import type pg from 'pg';
import { orderNumberOf, type OrderNumbering } from '../../order/numbering';
import type { OrderRecord } from '../../order/record';
import { stamped } from '../rows';
import { sealBatch, UNSEALED, type Written } from './changeClock';
import { connectPool } from './database';
import { groupCommit } from './groupCommit';
import { deleteOrder, insertOrder, nextOrderNumber, updateOrder } from './orders';

/**
 * The order store's writes as data, as the main thread hands them to the writer thread
 * (writer.ts), and the thread's side: each goes into the group commit there. `at` is the
 * store's clock when the write was asked for; a batch is stamped from the latest of its
 * writes' (or one millisecond past the last stamp given), as an inline store stamps from its
 * clock at the seal.
 */
export type WriteRequest = { at: number } & (
  | { kind: 'insert'; record: OrderRecord; numbering: OrderNumbering }
  | { kind: 'update'; record: OrderRecord; expectedVersion: number }
  | { kind: 'remove'; orderId: string; expectedVersion: number }
);

/** What each kind of write answers: the record as stored, null or false when its version had moved. */
export interface WriteResults {
  insert: OrderRecord;
  update: OrderRecord | null;
  remove: boolean;
}

/** A failed write's error, as far as the store reads it: PostgreSQL's code and constraint. */
export interface WriteFailure {
  message: string;
  code?: string;
  constraint?: string;
}

export type WriterMessage = { id: number; request: WriteRequest } | { close: true };
export type WriterAnswer =
  | { id: number; value: WriteResults[keyof WriteResults] }
  | { id: number; failure: WriteFailure }
  /** A batch was committed, of this many writes. */
  | { batch: number };

interface Batch extends Written {
  at: number;
}

/** Performs writes on `pool`, group-committed. */
function writesOn(pool: pg.Pool, onBatch: (size: number) => void) {
  const commit = groupCommit(pool, {
    open: (): Batch => ({ orders: [], deleted: [], at: 0 }),
    seal: (client, batch) => sealBatch(client, batch, new Date(batch.at)),
    committed: onBatch,
  });
  const restamp = (record: OrderRecord | null, stamp: string) => record && stamped(record, stamp);

  return function perform(request: WriteRequest): Promise<WriteResults[keyof WriteResults]> {
    // Each write, in whichever batch it runs, moves that batch's time to its own if later.
    const write = <T>(run: (client: pg.PoolClient, batch: Batch) => Promise<T>, finish?: (value: T, stamp: string) => T) =>
      commit((client, batch) => {
        batch.at = Math.max(batch.at, request.at);
        return run(client, batch);
      }, finish);
    switch (request.kind) {
      case 'insert':
        return write(async (client, batch) => {
          const number = orderNumberOf(request.numbering, await nextOrderNumber(client));
          const numbered = stamped({ ...request.record, order: { ...request.record.order, orderNumber: number } }, UNSEALED);
          await insertOrder(client, numbered);
          batch.orders.push(numbered.order.orderId);
          return numbered;
        }, restamp);
      case 'update':
        return write(async (client, batch) => {
          const next = stamped(request.record, UNSEALED);
          if (!(await updateOrder(client, next, request.expectedVersion))) return null;
          batch.orders.push(next.order.orderId);
          return next;
        }, restamp);
      case 'remove':
        return write(async (client, batch) => {
          const gone = await deleteOrder(client, request.orderId, request.expectedVersion, UNSEALED);
          if (gone) batch.deleted.push(request.orderId);
          return gone;
        });
    }
  };
}

const failureOf = (error: unknown): WriteFailure => {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' && { code }),
    ...(typeof constraint === 'string' && { constraint }),
  };
};

/** The writer thread's side: answers each write on `port`; told to close, ends its connections and lets the thread end. */
export function serveWrites(port: MessagePort, url: string): void {
  // One batch is committed at a time: one connection.
  const pool = connectPool(url, 1);
  const perform = writesOn(pool, (batch) => port.postMessage({ batch } satisfies WriterAnswer));
  port.on('message', (message: WriterMessage) => {
    if ('close' in message) {
      void pool.end().finally(() => port.close());
      return;
    }
    perform(message.request).then(
      (value) => port.postMessage({ id: message.id, value } satisfies WriterAnswer),
      (error: unknown) => port.postMessage({ id: message.id, failure: failureOf(error) } satisfies WriterAnswer),
    );
  });
}
