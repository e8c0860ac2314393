import type { PageAfter } from '../domain/store/types';

/**
 * The opaque cursor of GET /orders: where the last page ended, and in which order it was
 * read, so a cursor is refused by a query that sorts the other way.
 */
export function encodeCursor(after: PageAfter, byUpdate: boolean): string {
  return Buffer.from(JSON.stringify([byUpdate ? 'u' : 'c', after.key, after.orderId])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, byUpdate: boolean): PageAfter | null | 'invalid' {
  if (cursor === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value[0] === (byUpdate ? 'u' : 'c') &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string'
    ) {
      return { key: value[1], orderId: value[2] };
    }
  } catch {
    // falls through: not a cursor of ours
  }
  return 'invalid';
}

const link = (href: string) => ({ href, method: 'GET', templated: false });

/** `href`, `_links.self` and, when more rows follow, `_links.next` (docs/api.md §3.4). */
export function pageLinks(url: string, next: PageAfter | null, byUpdate: boolean) {
  return linksWithCursor(url, next ? encodeCursor(next, byUpdate) : null);
}

/** The same links for any paged list whose next page begins at `nextCursor` (null: none follows). */
export function linksWithCursor(url: string, nextCursor: string | null) {
  const self = new URL(url, 'http://localhost');
  const href = self.pathname + self.search;
  const links: { self: ReturnType<typeof link>; next?: ReturnType<typeof link> } = { self: link(href) };
  if (nextCursor !== null) {
    const following = new URL(self);
    following.searchParams.set('cursor', nextCursor);
    links.next = link(following.pathname + following.search);
  }
  return { _links: links, href };
}
