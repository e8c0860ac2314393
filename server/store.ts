import { isPostgresUrl } from '../domain/store/postgres/database';
import { openPostgresOrderStore } from '../domain/store/postgres/store';
import { openSqliteOrderStore, type Readers } from '../domain/store/sqlite/store';
import type { OrderStore } from '../domain/store/types';

/**
 * The central's order store: PostgreSQL for a `postgres://` (or `postgresql://`) URL, where
 * several central processes share one database; otherwise a SQLite file, the embedded
 * default, whose list reads run on reader threads when `readers` asks for them. `connections`:
 * PostgreSQL's for reads (READ_CONNECTIONS when not given). `onBatch` hears the size of each
 * group-committed batch (the central's metrics).
 */
export async function openCentralStore(
  location: string,
  {
    clock,
    readers = 0,
    connections,
    onBatch,
  }: { clock?: () => Date; readers?: Readers; connections?: number; onBatch?: (size: number) => void } = {},
): Promise<OrderStore> {
  return isPostgresUrl(location)
    ? openPostgresOrderStore(location, clock, connections, onBatch)
    : openSqliteOrderStore(location, undefined, clock, readers, onBatch);
}
