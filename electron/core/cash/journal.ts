import { createHash } from 'node:crypto';
import type { CounterDb } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The money journal (docs/api.md §10.3): every money event appended in the transaction of the
 * event itself, each row chained to the one before by SHA-256 over the previous row's hash and
 * its own canonical content. Rewriting, inserting or removing a row breaks the chain from that
 * row on; the head hash travels with each day close, so the central can tell a journal cut
 * short or rewritten from the end.
 */

/** The hash before the first row. */
export const GENESIS = '0'.repeat(64);

export type JournalKind =
  'payment' | 'refund' | 'dayOpened' | 'dayClosed' | 'sessionOpened' | 'sessionClosed' | 'paidIn' | 'paidOut' | 'drop' | 'noSale';

export interface JournalEntry {
  at: string;
  kind: JournalKind;
  /** What the row is about: a payment's id, a session's, a movement's, a business date. */
  subject: string;
  /** The subject's state after the event (a payment's status), when it has one. */
  state?: string | null;
  content: Record<string, unknown>;
}

export interface JournalRow {
  seq: number;
  at: string;
  kind: string;
  subject: string;
  state: string | null;
  content: string;
  prev_hash: string;
  hash: string;
}

/** JSON with the keys of every object sorted: one text for one content, whoever wrote it. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash of a row: over the previous hash and everything the row says. */
export function rowHash(prevHash: string, row: Omit<JournalRow, 'hash' | 'prev_hash'>): string {
  const body = canonical({ seq: row.seq, at: row.at, kind: row.kind, subject: row.subject, state: row.state, content: row.content });
  return createHash('sha256').update(prevHash).update('\n').update(body).digest('hex');
}

/** The last row's hash, or GENESIS for an empty journal. */
export function headHash(db: CounterDb): string {
  const head = stmt(db, 'SELECT hash FROM money_journal ORDER BY seq DESC LIMIT 1').get() as { hash: string } | undefined;
  return head?.hash ?? GENESIS;
}

/** Appends one event; call it inside the event's own transaction. */
export function appendJournal(db: CounterDb, entry: JournalEntry): string {
  const head = stmt(db, 'SELECT seq, hash FROM money_journal ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string } | undefined;
  const row = {
    seq: (head?.seq ?? 0) + 1,
    at: entry.at,
    kind: entry.kind,
    subject: entry.subject,
    state: entry.state ?? null,
    content: canonical(entry.content),
  };
  const prev = head?.hash ?? GENESIS;
  const hash = rowHash(prev, row);
  stmt(db, 'INSERT INTO money_journal (seq, at, kind, subject, state, content, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    row.seq,
    row.at,
    row.kind,
    row.subject,
    row.state,
    row.content,
    prev,
    hash,
  );
  return hash;
}

/** The state the journal last recorded for a subject (a payment's status), or null if none. */
export function lastState(db: CounterDb, subject: string): string | null | undefined {
  const row = stmt(db, 'SELECT state FROM money_journal WHERE subject = ? ORDER BY seq DESC LIMIT 1').get(subject) as
    { state: string | null } | undefined;
  return row === undefined ? undefined : row.state;
}

export type Verdict = { ok: true; rows: number; head: string } | { ok: false; rows: number; seq: number; reason: 'gap' | 'chain' | 'hash' };

/** Walks the whole journal: the first row whose place, link or hash does not match is named. */
export function verifyJournal(db: CounterDb): Verdict {
  let prev = GENESIS;
  let expectedSeq = 1;
  let rows = 0;
  for (const row of db.prepare('SELECT * FROM money_journal ORDER BY seq').iterate() as Iterable<JournalRow>) {
    rows += 1;
    if (row.seq !== expectedSeq) return { ok: false, rows, seq: row.seq, reason: 'gap' };
    if (row.prev_hash !== prev) return { ok: false, rows, seq: row.seq, reason: 'chain' };
    if (rowHash(prev, row) !== row.hash) return { ok: false, rows, seq: row.seq, reason: 'hash' };
    prev = row.hash;
    expectedSeq += 1;
  }
  return { ok: true, rows, head: prev };
}

/** Every row in order, its content read back: what a replay takes. */
export function journalRows(db: CounterDb): (Omit<JournalRow, 'content'> & { content: Record<string, unknown> })[] {
  return (db.prepare('SELECT * FROM money_journal ORDER BY seq').all() as JournalRow[]).map((r) => ({
    ...r,
    content: JSON.parse(r.content) as Record<string, unknown>,
  }));
}
