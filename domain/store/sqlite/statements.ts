import type { Database, Statement } from 'better-sqlite3';

const cache = new WeakMap<Database, Map<string, Statement>>();

/** A prepared statement, compiled once per database: the hot paths run the same few queries. */
export function stmt(db: Database, sql: string): Statement {
  let forDb = cache.get(db);
  if (!forDb) cache.set(db, (forDb = new Map()));
  let prepared = forDb.get(sql);
  if (!prepared) forDb.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}
