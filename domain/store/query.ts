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
