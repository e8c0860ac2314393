import type { PageAfter } from './types';

/** A WHERE clause built up condition by condition, with its arguments in order. */
export function conditions() {
  const where: string[] = [];
  const args: unknown[] = [];
  return {
    args,
    add(sql: string, ...values: unknown[]) {
      where.push(sql);
      args.push(...values);
    },
    sql: () => (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''),
  };
}

/** A page from `limit + 1` rows read: the extra row only says that another page follows. */
export function pageOf<R>(rows: R[], limit: number, positionOf: (row: R) => PageAfter): { rows: R[]; next: PageAfter | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, next: more && last ? positionOf(last) : null };
}

/**
 * Where a keyset page starts, given the filter's own bound on the sort key on the side the
 * pages move away from (`updatedAfter`, inclusive, ascending; `createdBefore`, exclusive,
 * descending) and the cursor. One of the two always implies the other, so only that one is
 * answered: a backend then starts its index range at the cursor's row value `(key, id)`
 * itself, instead of at the bound with every row up to the cursor checked one by one.
 */
export function pageStart(
  bound: string | undefined,
  after: PageAfter | null,
  ascending: boolean,
): { cursor: PageAfter } | { bound: string } | undefined {
  if (after && (bound === undefined || (ascending ? after.key >= bound : after.key < bound))) return { cursor: after };
  return bound === undefined ? undefined : { bound };
}
