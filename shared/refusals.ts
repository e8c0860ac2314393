import type { ProblemError } from './schemas/problem';
import { fillPlaceholders } from './placeholders';
import { REFUSAL_TEXT } from './refusalText';

/**
 * Every refusal the counter's main process (or a shell) answers, as a code with parameters.
 * The English text here is the message for logs and the English screen; the renderer says
 * each code in the screen's language (renderer/i18n/refusals.nl.ts), so no raw text of Node,
 * SQLite or the network ever reaches a clerk.
 */
export { REFUSAL_TEXT };

export type RefusalCode = keyof typeof REFUSAL_TEXT;
export type RefusalParams = Record<string, string | number>;
export type RefusalKind = 'invalid' | 'not-found' | 'conflict' | 'forbidden' | 'unauthenticated' | 'internal';

/** A refusal as the renderer sees it: never a thrown error. */
export interface IpcError {
  kind: RefusalKind;
  code: RefusalCode;
  params: RefusalParams;
  /** The English text of the code, for logs and tests; the renderer words the code itself. */
  message: string;
  errors: ProblemError[];
}

export function refusalMessage(code: RefusalCode, params: RefusalParams = {}, text: Record<RefusalCode, string> = REFUSAL_TEXT): string {
  return fillPlaceholders(text[code], params);
}

/** The one way to answer a value: the other half of a result (shared/ipc/declare.ts's IpcResult). */
export const ok = <T>(value: T) => ({ ok: true as const, value });

/** The one way to build a refusal, in the main process and in both shells. */
export function refusal(kind: RefusalKind, code: RefusalCode, params: RefusalParams = {}, errors: ProblemError[] = []) {
  return { ok: false as const, error: { kind, code, params, message: refusalMessage(code, params), errors } satisfies IpcError };
}
