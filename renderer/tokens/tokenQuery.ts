import { ACTIVE_TOKEN_STATUS } from '../../shared/enums';
import type { IpcInput } from '../../shared/ipc';
import type { TransitTokenRecord } from '../../shared/schemas/reference';

/** What a clerk types or scans, read as a lookup: an xTat, a pass number or a card's last digits. */

export type TokenQuery = IpcInput<'lookup.tokens'>;
export type TokenTextKind = 'xTat' | 'passNumber' | 'lastDigits' | 'tokenId';

export interface ClassifiedText {
  kind: TokenTextKind;
  /** Lookups to try in order until one finds something. */
  queries: TokenQuery[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Groups digits by four, as pass numbers are printed ("3528 0100 0000 4411"). */
export function groupPassNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function classifyTokenText(raw: string): ClassifiedText | null {
  const text = raw.trim();
  if (!text) return null;
  if (UUID.test(text)) return { kind: 'xTat', queries: [{ xTat: text.toLowerCase() }] };
  const compact = text.replace(/[\s.-]/g, '');
  if (/^\d+$/.test(compact)) {
    if (compact.length <= 6) return { kind: 'lastDigits', queries: [{ lastDigits: String(Number(compact)) }] };
    const grouped = groupPassNumber(compact);
    const variants = [...new Set([text, grouped, compact])];
    return { kind: 'passNumber', queries: variants.map((passNumber) => ({ passNumber })) };
  }
  return { kind: 'passNumber', queries: [{ passNumber: text }] };
}

export type TokenMark = 'active' | 'expired' | 'replaced' | 'inactive' | 'suspended' | 'removed';

const STATUS_MARK: Record<number, TokenMark> = {
  1: 'expired',
  2: 'active',
  3: 'replaced',
  4: 'inactive',
  5: 'suspended',
  6: 'removed',
};

/** The marks a match carries: its status, and expiry by date even when its status is still active. */
export function tokenMarks(token: TransitTokenRecord, now: Date): TokenMark[] {
  const marks = new Set<TokenMark>([STATUS_MARK[token.tokenStatus.tokenStatusId] ?? 'inactive']);
  if (Date.parse(token.expirationDate) < now.getTime()) {
    marks.delete('active');
    marks.add('expired');
  }
  return [...marks];
}

export function isUsable(token: TransitTokenRecord, now: Date): boolean {
  return token.tokenStatus.tokenStatusId === ACTIVE_TOKEN_STATUS && Date.parse(token.expirationDate) >= now.getTime();
}
