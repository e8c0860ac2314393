import type pg from 'pg';
import type { Fixtures } from '../../../shared/schemas/reference';
import type { OrderStore } from '../types';
import { openPostgres } from './database';
import { PG_MIGRATIONS } from './migrations';
import { listDayClosures, putDayClosure } from './dayClosures';
import { postgresFleet } from './fleet';
import { postgresCards } from './cards';
import { findByExternalId, getOrder, listDeletions, listOrders, orderIdOfPart } from './orders';
import { writerThread } from './writer';
import { joinPage } from '../joined';

const UNIQUE_VIOLATION = '23505';
const isDuplicateExternalId = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION &&
  (error as { constraint?: string }).constraint === 'orders_by_external_id';

/**
 * The PostgreSQL backend of the order store: reads on `pool`, writes group-committed on a thread
 * of their own (writer.ts) with its own connection to `url`, each batch under one change stamp.
 */
export function postgresOrderStore(
  pool: pg.Pool,
  url: string,
  clock: () => Date = () => new Date(),
  onBatch?: (size: number) => void,
): OrderStore & { pool: pg.Pool } {
  const writer = writerThread(url, undefined, onBatch);
  const at = () => clock().getTime();
  return {
    pool,
    get: (orderId) => getOrder(pool, orderId),
    orderIdOfPart: (kind, partId) => orderIdOfPart(pool, kind, partId),
    findByExternalId: (touchpointId, externalOrderId) => findByExternalId(pool, touchpointId, externalOrderId),
    async insert(record, numbering) {
      try {
        return { inserted: await writer.write({ kind: 'insert', record, numbering, at: at() }) };
      } catch (error) {
        const external = record.order.externalOrderId;
        const existing =
          external !== null && isDuplicateExternalId(error) ? await findByExternalId(pool, record.touchpointId, external) : undefined;
        if (existing) return { duplicateOf: existing };
        throw error;
      }
    },
    update: (record, expectedVersion) => writer.write({ kind: 'update', record, expectedVersion, at: at() }),
    remove: (orderId, expectedVersion) => writer.write({ kind: 'remove', orderId, expectedVersion, at: at() }),
    list: (filter, limit, after) => listOrders(pool, filter, limit, after),
    listJoined: async (filter, limit, after) => joinPage(await listOrders(pool, filter, limit, after)),
    listDeleted: (filter, limit, after) => listDeletions(pool, filter, limit, after),
    putDayClosure: (closure) => putDayClosure(pool, closure),
    listDayClosures: (touchpointId, from, limit, after) => listDayClosures(pool, touchpointId, from, limit, after),
    fleet: postgresFleet(pool),
    cards: postgresCards(pool),
    async ready() {
      const { rows } = await pool.query<{ version: number }>('SELECT COALESCE(MAX(version), 0)::integer AS version FROM schema_migrations');
      if (rows[0]?.version !== PG_MIGRATIONS.length) throw new Error("the database's migrations are not current");
    },
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
      await writer.close();
      if (!pool.ended) await pool.end();
    },
  };
}

/** The store on `url`, reading on at most `connections` (writes have one more, on the writer thread). */
export async function openPostgresOrderStore(url: string, clock?: () => Date, connections?: number, onBatch?: (size: number) => void) {
  return postgresOrderStore(await openPostgres(url, undefined, connections), url, clock, onBatch);
}
