import type pg from 'pg';
import { listDayClosures, putDayClosure } from './dayClosures';
import type { Fixtures } from '../../../shared/schemas/reference';
import { stamped } from '../rows';
import type { InsertOutcome, OrderStore } from '../types';
import { openPostgres } from './database';
import { groupCommit } from './groupCommit';
import {
  deleteOrder,
  findByExternalId,
  getOrder,
  insertOrder,
  listDeletions,
  listOrders,
  nextOrderNumber,
  orderIdOfPart,
  updateOrder,
} from './orders';

const UNIQUE_VIOLATION = '23505';
const isDuplicateExternalId = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION &&
  (error as { constraint?: string }).constraint === 'orders_by_external_id';

/**
 * The change clock (CONTRACT 8) on a database that several central processes write at
 * once. A batch takes its stamp when it is sealed, after its writes and just before its
 * commit, by updating the one `change_clock` row: the later of the clock and one millisecond
 * past the last stamp given. The row stays locked until the batch commits, so the next batch
 * (of any process) takes its stamp only after this one is visible: stamps rise in commit
 * order, and a reader that has seen stamp S will never later find a change committed with a
 * stamp below S. Only the seal and the commit wait for it: the batches of several processes
 * do their writes at the same time. Readers never wait for it (MVCC).
 */
export async function nextStamp(client: pg.PoolClient, now: Date): Promise<string> {
  const { rows } = await client.query<{ stamp: string }>(
    'UPDATE change_clock SET stamp = GREATEST(stamp + 1, $1) WHERE id = 1 RETURNING stamp',
    [now.getTime()],
  );
  return new Date(Number(rows[0]!.stamp)).toISOString();
}

/** The stamp a batch's rows carry until it is sealed: before any the clock gives, and never seen outside the batch. */
export const UNSEALED = '0001-01-01T00:00:00.000Z';

/**
 * Where a stored document's text holds its stamp. JSON.stringify writes the key and value so,
 * and a quote inside a string value is escaped: this text occurs nowhere else in it.
 */
export const stampText = (stamp: string) => `"lastUpdatedOn":"${stamp}"`;

/** What a batch wrote: the orders and tombstones its seal stamps. */
export interface Written {
  orders: string[];
  deleted: string[];
}

/** A batch's rules: its writes note what they wrote under UNSEALED; the seal takes the stamp and puts it in their place. */
export const stampedAtSeal = (clock: () => Date) => ({
  open: (): Written => ({ orders: [], deleted: [] }),
  async seal(client: pg.PoolClient, written: Written): Promise<string> {
    const stamp = await nextStamp(client, clock());
    if (written.orders.length > 0) {
      await client.query(
        'UPDATE orders SET last_updated_on = $1, doc = replace(doc, $2, $3) WHERE order_id = ANY($4) AND last_updated_on = $5',
        [stamp, stampText(UNSEALED), stampText(stamp), written.orders, UNSEALED],
      );
    }
    if (written.deleted.length > 0) {
      await client.query('UPDATE deleted_orders SET deleted_on = $1 WHERE order_id = ANY($2) AND deleted_on = $3', [
        stamp,
        written.deleted,
        UNSEALED,
      ]);
    }
    return stamp;
  },
});

/** The PostgreSQL backend of the order store: writes group-committed, each batch under one change stamp. */
export function postgresOrderStore(pool: pg.Pool, clock: () => Date = () => new Date()): OrderStore & { pool: pg.Pool } {
  const write = groupCommit(pool, stampedAtSeal(clock));
  return {
    pool,
    get: (orderId) => getOrder(pool, orderId),
    orderIdOfPart: (kind, partId) => orderIdOfPart(pool, kind, partId),
    findByExternalId: (touchpointId, externalOrderId) => findByExternalId(pool, touchpointId, externalOrderId),
    async insert(record, numberFor): Promise<InsertOutcome> {
      try {
        const inserted = await write(
          async (client, written) => {
            const number = numberFor(await nextOrderNumber(client));
            const numbered = stamped({ ...record, order: { ...record.order, orderNumber: number } }, UNSEALED);
            await insertOrder(client, numbered);
            written.orders.push(numbered.order.orderId);
            return numbered;
          },
          (numbered, stamp) => stamped(numbered, stamp),
        );
        return { inserted };
      } catch (error) {
        const external = record.order.externalOrderId;
        const existing =
          external !== null && isDuplicateExternalId(error) ? await findByExternalId(pool, record.touchpointId, external) : undefined;
        if (existing) return { duplicateOf: existing };
        throw error;
      }
    },
    update: (record, expectedVersion) =>
      write(
        async (client, written) => {
          const next = stamped(record, UNSEALED);
          if (!(await updateOrder(client, next, expectedVersion))) return null;
          written.orders.push(next.order.orderId);
          return next;
        },
        (next, stamp) => next && stamped(next, stamp),
      ),
    remove: (orderId, expectedVersion) =>
      write(async (client, written) => {
        const gone = await deleteOrder(client, orderId, expectedVersion, UNSEALED);
        if (gone) written.deleted.push(orderId);
        return gone;
      }),
    list: (filter, limit, after) => listOrders(pool, filter, limit, after),
    listDeleted: (filter, limit, after) => listDeletions(pool, filter, limit, after),
    putDayClosure: (closure) => putDayClosure(pool, closure),
    listDayClosures: (touchpointId, from, limit, after) => listDayClosures(pool, touchpointId, from, limit, after),
    async loadReference() {
      const { rows } = await pool.query<{ doc: string }>('SELECT doc FROM reference_data WHERE id = 1');
      return rows[0] ? (JSON.parse(rows[0].doc) as Fixtures) : undefined;
    },
    async saveReference(fixtures, source, at) {
      await pool.query(
        `INSERT INTO reference_data (id, doc, source, loaded_on) VALUES (1, $1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, source = excluded.source, loaded_on = excluded.loaded_on`,
        [JSON.stringify(fixtures), source, at],
      );
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openPostgresOrderStore(url: string, clock?: () => Date) {
  return postgresOrderStore(await openPostgres(url), clock);
}
