import type { HandlersOf } from '../../../shared/ipc';
import type { tokenChannels } from '../../../shared/ipc/tokens';
import { ok } from '../../../shared/refusals';
import type { Challenges } from './challenge';
import type { Lookups } from './lookups';

/** Tokens and personal data: the lookups (central or cache) and the e-mail challenge. */
export function tokenHandlers({ lookups, challenges }: { lookups: Lookups; challenges: Challenges }): HandlersOf<typeof tokenChannels> {
  return {
    'lookup.tokens': async (query) => ok(await lookups.tokens(query)),
    'lookup.mandates': async (query) => ok(await lookups.mandates(query)),
    'challenge.send': ({ emailAddress }) => challenges.send(emailAddress),
    'challenge.verify': async ({ challengeId, code }) => challenges.verify(challengeId, code),
  };
}
