import { CLOCK_OFF_MS } from '../../../shared/clock';
import type { CentralState } from '../../../shared/ipc';
import type { RefusalCode } from '../../../shared/refusals';

/**
 * The one word the top bar says of sync (docs/counter.md §20), from the last round: a central
 * that cannot be reached is offline; one that answers but refuses this counter (its token, its
 * device, its version of the interface) is refused, never online; a clock more than 2 minutes
 * off is said before "online" (sales still go, corrected, but the counter's times are wrong).
 */
export function centralState(facts: {
  reachable: boolean;
  lastError: RefusalCode | null;
  revoked: boolean;
  clockOffsetMs: number | null;
}): CentralState {
  if (!facts.reachable) return 'offline';
  if (facts.lastError === 'sync.tokenRefused') return facts.revoked ? 'revoked' : 'tokenRefused';
  if (facts.lastError === 'sync.versionRefused') return 'versionRefused';
  if (facts.clockOffsetMs !== null && Math.abs(facts.clockOffsetMs) > CLOCK_OFF_MS) return 'clockOff';
  return 'online';
}
