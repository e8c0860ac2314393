import { isPostgresUrl } from '../domain/store/postgres/database';
import { openPostgresOrderStore } from '../domain/store/postgres/store';
import { openSqliteOrderStore, type Readers } from '../domain/store/sqlite/store';
import type { OrderStore } from '../domain/store/types';

/**
 * The central's order store: PostgreSQL for a `postgres://` (or `postgresql://`) URL, where
 * several central processes share one database; otherwise a SQLite file, the embedded
 * default, whose list reads run on reader threads when `readers` asks for them.
 */
export async function openCentralStore(location: string, clock?: () => Date, readers: Readers = 0): Promise<OrderStore> {
  return isPostgresUrl(location) ? openPostgresOrderStore(location, clock) : openSqliteOrderStore(location, undefined, clock, readers);
}
