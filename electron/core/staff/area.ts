import type { CounterDb } from '../db/database';
import { staffHandlers } from './handlers';
import { Staff } from './staff';

/**
 * The staff area (docs/counter.md §8): the staff records with their hashed PINs (table `staff`),
 * who is logged in, and a manager's approval at the till. It offers `who` to every area that
 * records an actor.
 */
export function staffArea({ db, now, demo }: { db: CounterDb; now: () => Date; demo: boolean }) {
  const staff = new Staff(db, now, demo);
  return { staff, who: () => staff.who(), handlers: staffHandlers({ staff }) };
}
