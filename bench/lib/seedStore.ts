import { openCounterDatabase } from '../../electron/core/db/database';
import { purgePersonalData } from '../../electron/core/settings/retention';
import { DEFAULT_RETENTION_DAYS } from '../../electron/core/settings/settings';
import { seed } from '../manager';

/**
 * `tsx bench/lib/seedStore.ts FILE ORDERS`: a counter store of ORDERS orders seeded as `seed`
 * does, in a process of its own, so that a benchmark measuring its own memory afterwards does
 * not carry the seed's garbage (bench/managerExport.ts). Then the retention pass a running
 * counter has made over its older orders (docs/counter.md §11): the seeded days are past the
 * period, and a counter opening this store must not start with a purge of all of them (its
 * garbage would stand in the benchmark's idle size). Prints the seconds the seed took.
 */
const [file, orders] = [process.argv[2], Number(process.argv[3])];
if (!file || !Number.isSafeInteger(orders) || orders < 1) throw new Error('usage: seedStore.ts FILE ORDERS');
const db = openCounterDatabase(file);
const seconds = seed(db, orders);
purgePersonalData(db, DEFAULT_RETENTION_DAYS, new Date());
db.close();
console.log(seconds.toFixed(1));
