import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditValues } from '../../../shared/ipc/declare';

/**
 * The act a call is doing, while it runs: so the transaction that commits the act also commits
 * its audit row (and its journal rows), never one without the other (docs/api.md §10.3). The
 * gate (dispatch.ts) opens an act for each audited change; the code that commits the change
 * calls `recordAct` inside its transaction. Group commit runs each write in the async context
 * of its caller (domain/store/sqlite/groupCommit.ts), so a write batched with others records
 * its own act only.
 */
export interface Act {
  readonly channel: string;
  /** The audit row is written: by the act's own transaction, or after it by the gate. */
  recorded: boolean;
  /** Set by a handler whose act is an order write (a refund): the order store records it. */
  withOrderWrite: boolean;
  /** Writes the act's audit row, with the answer when its words need one. */
  write(answer: unknown): void;
  /** Values only the handler knows (who approved a return: docs/counter.md §19), added to the declaration's. */
  values?: AuditValues;
}

const current = new AsyncLocalStorage<Act>();

export const runAct = <T>(act: Act, run: () => Promise<T>): Promise<T> => current.run(act, run);

/** Writes the current act's audit row, once; call it inside the act's transaction. */
export function recordAct(answer?: unknown): void {
  const act = current.getStore();
  if (!act || act.recorded) return;
  act.write(answer);
  act.recorded = true;
}

/** The current act did nothing and leaves no row: an export whose save dialog was cancelled (docs/counter.md §10). */
export function forgoAct(): void {
  const act = current.getStore();
  if (act) act.recorded = true;
}

/** Marks the current act as one the order store commits (a refund): its audit row goes with the order's write. */
export function actIsOrderWrite(): void {
  const act = current.getStore();
  if (act) act.withOrderWrite = true;
}

/** The order store's part: records the act if it is an order write. */
export function recordOrderAct(): void {
  if (current.getStore()?.withOrderWrite) recordAct();
}

/** Adds values to the current act's audit row, for words whose values only the handler knows. */
export function addActValues(values: AuditValues): void {
  const act = current.getStore();
  if (act) act.values = { ...act.values, ...values };
}
