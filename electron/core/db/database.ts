import type { Database } from 'better-sqlite3';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase, ORDER_TRACK, type Track } from '../../../domain/store/sqlite/database';
import { COUNTER_MIGRATIONS } from './migrations';

export const COUNTER_TRACK: Track = { name: 'counter', migrations: COUNTER_MIGRATIONS };

/** The counter's local database: the order store's tables and the counter's own, each track migrated. */
export const openCounterDatabase = (file: string): Database => openDatabase(file, [ORDER_TRACK, COUNTER_TRACK]);

/** The counter's local database, as the rest of the counter names it (only db/ knows the driver). */
export type CounterDb = Database;

/** The counter's database opened to read only, never migrated: for a check of a counter's file (the journal's verify). */
export const openCounterDatabaseToRead = (file: string): Database => new BetterSqlite3(file, { readonly: true, fileMustExist: true });
