import type { ProblemError } from '../shared/schemas/problem';

/**
 * Results, not throws, across every boundary: an operation answers either its value or a
 * refusal that the HTTP layer and the IPC layer each turn into their own shape.
 */
export type Refusal =
  | { kind: 'invalid'; title: string; detail: string; errors: ProblemError[] }
  | { kind: 'not-found'; detail: string }
  | { kind: 'conflict'; detail: string; errors: ProblemError[] }
  | { kind: 'forbidden'; detail: string };

export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const refuse = <T = never>(refusal: Refusal): Result<T> => ({ ok: false, refusal });

export function invalid<T = never>(
  errors: ProblemError[],
  title = 'The request is not valid',
  detail = 'See errors for what is wrong.',
): Result<T> {
  return refuse({ kind: 'invalid', title, detail, errors });
}

export function notFound<T = never>(detail: string): Result<T> {
  return refuse({ kind: 'not-found', detail });
}

/**
 * A request that repeats one already carried out (docs/api.md §8): nothing changes, and the
 * element names what the first one made, so a client retrying after a lost answer learns it.
 */
export function repeated<T = never>(field: string, what: string, made: Pick<ProblemError, 'orderLineId' | 'paymentId'>): Result<T> {
  return refuse({
    kind: 'conflict',
    detail: `The order already has ${what} with this ${field}; nothing was changed.`,
    errors: [{ detail: `the ${field} is already used in this order`, pointer: `/${field}`, ...made }],
  });
}
