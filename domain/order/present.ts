import { TOKEN_STATUS, TOKEN_TYPE, named } from '../../shared/enums';
import type { NestedTransitToken, Order } from '../../shared/schemas/order';
import type { FixtureTransitToken } from '../../shared/schemas/reference';
import type { Catalog } from '../catalog';
import { toUtc } from '../../shared/schemas/primitives';
import { MAY, statusName } from '../rules/statuses';
import { currentStatus } from './settle';

export function nestedToken(t: FixtureTransitToken): NestedTransitToken {
  return {
    customerProfileId: t.customerProfileId,
    transitTokenId: t.transitTokenId,
    xTat: t.xTat,
    tokenType: { tokenTypeId: t.tokenTypeId, name: named(TOKEN_TYPE, t.tokenTypeId) },
    alias: t.alias,
    tokenStatus: { tokenStatusId: t.tokenStatusId, name: named(TOKEN_STATUS, t.tokenStatusId) },
    expirationDate: toUtc(t.expirationDate).slice(0, 10),
    replacedByTokenId: t.replacedByTokenId,
    autoReloadRegistration: t.autoReloadRegistration ?? null,
    ePurse: t.ePurse ?? null,
    personalAccountData: t.personalAccountData ?? null,
    gboAgeProfile: t.gboAgeProfile ?? null,
  };
}

/** Whether the answer needs the reference data: only orders with registered tokens do. */
export function needsPresenting(order: Order): boolean {
  return (
    MAY.showTransitToken(currentStatus(order)) && order.orderLines.some((l) => l.customerTokens?.some((t) => t.transitTokenId !== null))
  );
}

/**
 * The order as answered: a registered token's nested transitToken is its current
 * reference record while the order is open, and null once paid, delivered or cancelled
 * (docs/api.md §3.1). A customer (`viewer`, from a customer JWT) sees only their own tokens'
 * records: another traveller's on the same order stays null (docs/api.md §7.4).
 */
export function present(order: Order, catalog: Catalog, viewer: number | null = null): Order {
  if (!needsPresenting(order)) return order;
  return {
    ...order,
    orderLines: order.orderLines.map((line) => ({
      ...line,
      customerTokens:
        line.customerTokens?.map((token) => {
          const known = token.transitTokenId !== null ? catalog.tokens.get(token.transitTokenId) : undefined;
          const shown = known && (viewer === null || known.customerProfileId === viewer);
          return { ...token, transitToken: shown ? nestedToken(known) : null };
        }) ?? null,
    })),
  };
}

/** A stored order as a list page holds it: its answer as stored, its status, whether it has registered tokens. */
export interface ListedOrder<Doc = string> {
  doc: Doc;
  statusId: number;
  hasTokens: boolean;
}

/** Whether a listed order's answer embeds reference data (needsPresenting, read from the row's columns). */
export const presentsTokens = (row: ListedOrder<unknown>): boolean => row.hasTokens && MAY.showTransitToken(statusName(row.statusId));

/**
 * A stored order's answer as JSON text: the stored text as it is, unless it holds registered
 * tokens while its status shows them (needsPresenting, read from the row's columns so that
 * the other orders of a page are never parsed).
 */
export const answerText = (row: ListedOrder, catalog: Catalog, viewer: number | null): string =>
  presentsTokens(row) ? presentedText(row.doc, catalog, viewer) : row.doc;

/** A stored order's text presented (present) as JSON text. */
export const presentedText = (doc: string, catalog: Catalog, viewer: number | null): string =>
  JSON.stringify(present(JSON.parse(doc) as Order, catalog, viewer));
