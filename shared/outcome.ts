/**
 * What crosses an area of the counter when the other side may not answer (the central, the
 * payment terminal): done, refused with the other side's reason, or unknown. Unknown is a case
 * of its own, never a refusal: no answer came, so nothing may be concluded from it (money moves
 * only on an answer: docs/architecture.md §2). `R` is what a refusal carries.
 */
export type Outcome<T, R extends object = { error: string }> =
  { kind: 'ok'; value: T } | ({ kind: 'refused' } & R) | { kind: 'unknown'; reason: string };
