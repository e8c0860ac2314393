import type { z } from 'zod';
import type { IpcError } from '../refusals';

/**
 * How an IPC channel is declared: once, in its area's file beside the others of that area
 * (shared/ipc/<area>.ts). One declaration carries every fact of a channel: the zod schema of
 * its input, the type of its answer, who may call it, whether it reads or changes, and, when
 * the audit trail records it, how the trail words it. The access table, the audit list, the
 * renderer's read channels and each area's handler map are derived from the declarations
 * (index.ts), so the compiler checks them (docs/counter.md §9).
 */

/** 'public': the login screen's calls, answered without a session. */
export type Access = 'public' | 'clerk' | 'manager';
/** A read may be cached and refetched by the renderer; a change never is. */
export type Kind = 'read' | 'change';

/** Words in each language of the screens. */
export interface Words {
  en: string;
  nl: string;
}
/** A value the audit trail keeps of an act, typed so that each screen and file words it in its own language. */
export type AuditValue = { money: number } | { method: number } | { text: string } | { count: number } | { date: string } | Words;
export type AuditValues = Record<string, AuditValue>;

/**
 * How the audit trail records a channel (docs/counter.md §10): `act` names it (a refused call
 * shows only that), `words` is the sentence of a call that was done, its {names} filled from
 * `values` (taken from the input and the answer), and `note` the free text a person typed with
 * it (a refund's reason, a close's note). Never personal data of travellers.
 * 'always': every call is recorded with its outcome; 'refusals': only calls refused to a
 * caller without the role (every manager channel is recorded at least so).
 */
export interface AuditSpec<I, O> {
  act: Words;
  words?: Words;
  values?: (input: I, answer: O) => AuditValues;
  note?: (input: I) => string | null;
  recorded: 'always' | 'refusals';
}

export interface Declared<In extends z.ZodType, Out, A extends Access, K extends Kind> {
  readonly input: In;
  readonly access: A;
  readonly kind: K;
  readonly audit: AuditSpec<z.output<In>, Out> | null;
  /** The answer's type: only the compiler reads it, it is never set. */
  readonly answer?: Out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest declaration, to constrain maps of them
export type AnyDeclared = Declared<z.ZodType, any, Access, Kind>;

/**
 * Declares a channel answering `Out`: `channel<CounterOrder>()({ input, access, kind })`. The
 * answer's type comes first and alone, so that the rest is inferred from the object. A
 * manager's channel must say how the audit trail names it: its refusals are always recorded.
 */
export function channel<Out>() {
  return <In extends z.ZodType, A extends Access, K extends Kind>(
    spec: { input: In; access: A; kind: K } & (A extends 'manager'
      ? { audit: AuditSpec<z.output<In>, Out> }
      : { audit?: AuditSpec<z.output<In>, Out> }),
  ): Declared<In, Out, A, K> => ({ ...spec, audit: spec.audit ?? null });
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export type InputOf<D> = D extends { input: infer In extends z.ZodType } ? z.input<In> : never;
export type ParsedInputOf<D> = D extends { input: infer In extends z.ZodType } ? z.output<In> : never;
export type AnswerOf<D> = D extends Declared<z.ZodType, infer Out, Access, Kind> ? Out : never;

/** The handlers of one area's channels, exactly: a missing or an undeclared one does not compile. */
export type HandlersOf<M extends Record<string, AnyDeclared>> = {
  [C in keyof M]: (input: ParsedInputOf<M[C]>) => Promise<IpcResult<AnswerOf<M[C]>>>;
};
