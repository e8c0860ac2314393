import type { HandlersOf } from '../../../shared/ipc';
import type { sessionChannels } from '../../../shared/ipc/session';
import { sessionHandlers, type SessionDeps } from './handlers';

/** Nobody at the counter any more: what other areas do then (the customer display goes blank: docs/api.md §9.4). */
export type OnLogout = () => Promise<void>;

/** The login screen's channels with the areas' hooks run after a logout. */
export function withLogoutHooks(handlers: HandlersOf<typeof sessionChannels>, onLogout: OnLogout[]): HandlersOf<typeof sessionChannels> {
  return {
    ...handlers,
    'session.logout': async (input) => {
      const answer = await handlers['session.logout'](input);
      for (const hook of onLogout) await hook();
      return answer;
    },
  };
}

/** Who is at the counter (docs/counter.md §8): its handlers, with the hooks other areas hang on a logout. */
export function sessionArea(deps: SessionDeps & { onLogout: OnLogout[] }) {
  return { handlers: withLogoutHooks(sessionHandlers(deps), deps.onLogout) };
}
