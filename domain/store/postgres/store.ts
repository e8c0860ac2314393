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
 * once. Each write batch takes its stamp by updating the one `change_clock` row: the later
 * of the clock and one millisecond past the last stamp given. The row stays locked until
 * the batch commits, so the next batch (of any process) takes its stamp only after this one
 * is visible: stamps rise in commit order, and a reader that has seen stamp S will never
 * later find a change committed with a stamp below S. Readers never wait for it (MVCC).
 */
export async function nextStamp(client: pg.PoolClient, now: Date): Promise<string> {
  const { rows } = await client.query<{ stamp: string }>(
    'UPDATE change_clock SET stamp = GREATEST(stamp + 1, $1) WHERE id = 1 RETURNING stamp',
    [now.getTime()],
  );
  return new Date(Number(rows[0]!.stamp)).toISOString();
}

/** The PostgreSQL backend of the order store: writes group-committed, each batch under one change stamp. */
export function postgresOrderStore(pool: pg.Pool, clock: () => Date = () => new Date()): OrderStore & { pool: pg.Pool } {
  const write = groupCommit(pool, (client) => nextStamp(client, clock()));
  return {
    pool,
    get: (orderId) => getOrder(pool, orderId),
    orderIdOfPart: (kind, partId) => orderIdOfPart(pool, kind, partId),
    findByExternalId: (touchpointId, externalOrderId) => findByExternalId(pool, touchpointId, externalOrderId),
    async insert(record, numberFor): Promise<InsertOutcome> {
      try {
        return await write(async (client, stamp): Promise<InsertOutcome> => {
          const number = numberFor(await nextOrderNumber(client));
          const numbered = stamped({ ...record, order: { ...record.order, orderNumber: number } }, stamp);
          await insertOrder(client, numbered);
          return { inserted: numbered };
        });
      } catch (error) {
        const external = record.order.externalOrderId;
        const existing =
          external !== null && isDuplicateExternalId(error) ? await findByExternalId(pool, record.touchpointId, external) : undefined;
        if (existing) return { duplicateOf: existing };
        throw error;
      }
    },
    update: (record, expectedVersion) =>
      write(async (client, stamp) => {
        const next = stamped(record, stamp);
        return (await updateOrder(client, next, expectedVersion)) ? next : null;
      }),
    remove: (orderId, expectedVersion) => write((client, stamp) => deleteOrder(client, orderId, expectedVersion, stamp)),
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
