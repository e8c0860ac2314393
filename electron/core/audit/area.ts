import type { CounterDb } from '../db/database';
import { recordOrderAct } from './acts';
import { recordAudit, type AuditRecord } from './audit';

/** What one call leaves in the audit trail (the time is the recorder's). */
export type Audit = (entry: Omit<AuditRecord, 'at'>) => void;

/**
 * The audit trail (table `audit_log`, docs/counter.md §10): the dispatch's and the areas'
 * writer, and the order store's hook that writes an act's row in the order's own transaction
 * (acts.ts).
 */
export function auditArea({ db, now }: { db: CounterDb; now: () => Date }) {
  const record: Audit = (entry) => recordAudit(db, { ...entry, at: now().toISOString() });
  return { record, onOrderWrite: recordOrderAct };
}
