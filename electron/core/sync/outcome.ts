import type { Outcome } from '../../../shared/outcome';
import type { CentralAnswer } from '../central';

/**
 * No answer came, or one that could not be taken (`answered`: the central's own error);
 * `notSent`: nothing of it was carried out (it never left, or the central turned it away unread: 503).
 */
export type Lost = Extract<CentralAnswer<never>, { kind: 'unknown' }>;

/**
 * The house's outcome shape (shared/outcome.ts) for what sync hands to its engine: its unknown
 * is the central client's, which says whether the central answered at all (an order's own
 * trouble) or not (the link's). A request whose answer was lost is unknown, never refused.
 */
export type SyncOutcome<T, R extends object> = Exclude<Outcome<T, R>, { kind: 'unknown' }> | Lost;
