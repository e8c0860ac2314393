import { openCounterDatabase } from '../../electron/core/db/database';
import { seed } from '../manager';

/**
 * `tsx bench/lib/seedStore.ts FILE ORDERS`: a counter store of ORDERS orders seeded as `seed`
 * does, in a process of its own, so that a benchmark measuring its own memory afterwards does
 * not carry the seed's garbage (bench/managerExport.ts). Prints the seconds it took.
 */
const [file, orders] = [process.argv[2], Number(process.argv[3])];
if (!file || !Number.isSafeInteger(orders) || orders < 1) throw new Error('usage: seedStore.ts FILE ORDERS');
const db = openCounterDatabase(file);
const seconds = seed(db, orders);
db.close();
console.log(seconds.toFixed(1));
