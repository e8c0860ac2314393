/**
 * What crosses an area of the counter when the other side may not answer (the central, the
 * payment terminal, the printer): done, refused with the other side's reason, or unknown
 * (docs/architecture.md §1). Unknown is a case of its own, never a refusal: no answer came, so
 * nothing may be concluded from it (money moves only on an answer). `R` is what a refusal
 * carries; `never` where nothing can refuse (then the outcome is done or unknown).
 */
export type Outcome<T, R extends object = { error: string }> =
  { kind: 'ok'; value: T } | ({ kind: 'refused' } & R) | { kind: 'unknown'; reason: string };

/** An outcome that cannot be unknown: the work is the counter's own (a file read, its own database), so it always ends. */
export type Decided<T, R extends object = { error: string }> = Exclude<Outcome<T, R>, { kind: 'unknown' }>;

/** Done, with its value: an Outcome of any refusal. */
export const done = <T>(value: T) => ({ kind: 'ok' as const, value });

/** Refused, with what the refusal carries. */
export const refused = <R extends object>(why: R) => ({ kind: 'refused' as const, ...why });

/** No answer: nothing may be concluded. */
export const unknown = (reason: string) => ({ kind: 'unknown' as const, reason });
