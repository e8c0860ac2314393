import type { CounterDb as Database } from '../db/database';
import { dropCachedBefore } from '../db/lookupCache';
import { purgeOrdersBefore } from '../orders';

/**
 * Personal data is kept on the counter only as long as it is needed there (docs/counter.md §11).
 * After the retention period the orders that reached the central lose it (the orders area's
 * purgeOrdersBefore: what goes, what stays) and cached token and mandate records older than the
 * period go (db/lookupCache.ts). secure_delete (set when the database opens) makes SQLite
 * overwrite what was removed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeReport {
  orders: number;
  cacheRecords: number;
}

/**
 * Removes personal data older than `days` (by the order's last change, or the record's fetch): the orders'
 * through the orders area, the cached records through db/'s lookup cache. `pageSize` is the orders read a
 * transaction at a time.
 */
export function purgePersonalData(db: Database, days: number, now: Date, pageSize?: number): PurgeReport {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  return { orders: purgeOrdersBefore(db, before, pageSize), cacheRecords: dropCachedBefore(db, before) };
}

/** Runs the purge now and then once a day, until the returned stop is called. */
export function scheduleRetention(run: () => void): () => void {
  const safely = () => {
    try {
      run();
    } catch (error) {
      console.error(`counter: the retention job failed: ${(error as Error).message}`);
    }
  };
  safely();
  const timer = setInterval(safely, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
