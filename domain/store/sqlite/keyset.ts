import { pageStart, type conditions } from '../query';
import type { PageAfter } from '../types';

/**
 * Adds where a keyset page starts (pageStart): the cursor as a row value on the index's
 * `(key, order_id)` columns, which SQLite turns into the start of the index range, or the
 * filter's own bound on the key (`>=` ascending, `<` descending).
 */
export function addPageStart(
  q: ReturnType<typeof conditions>,
  key: string,
  bound: string | undefined,
  after: PageAfter | null,
  ascending: boolean,
): void {
  const start = pageStart(bound, after, ascending);
  if (start && 'cursor' in start) q.add(`(${key}, order_id) ${ascending ? '>' : '<'} (?, ?)`, start.cursor.key, start.cursor.orderId);
  if (start && 'bound' in start) q.add(`${key} ${ascending ? '>=' : '<'} ?`, start.bound);
}
