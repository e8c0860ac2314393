import type { HandlersOf, SessionStatus } from '../../../shared/ipc';
import type { sessionChannels } from '../../../shared/ipc/session';
import { ok, refusal } from '../../../shared/refusals';
import type { CatalogCache } from '../catalog';
import { unknownLanguage, type CounterSettings } from '../settings';
import type { Staff } from '../staff';

export interface SessionDeps {
  staff: Staff;
  settings: CounterSettings;
  catalog: CatalogCache;
  embeddedCentral: boolean;
  timeZone: string;
}

/** Who is at the counter: the login screen's calls (docs/counter.md §8). */
export function sessionHandlers({ staff, settings, catalog, embeddedCentral, timeZone }: SessionDeps): HandlersOf<typeof sessionChannels> {
  const status = (): SessionStatus => ({
    firstRun: staff.firstRun(),
    embeddedCentral,
    languageId: settings.languageId,
    languages: [...catalog.current().languages.values()].map(({ languageId, iso639Code }) => ({ languageId, iso639Code })),
    timeZone,
  });
  return {
    'session.staff': async () => ok(staff.list()),
    'session.login': async ({ staffId, pin }) => (staff.firstRun() ? refusal('conflict', 'setup.needed') : staff.login(staffId, pin)),
    'session.logout': async () => {
      staff.logout();
      return ok(true as const);
    },
    'session.current': async () => ok(staff.who()),
    'session.status': async () => ok(status()),
    'session.setup': async ({ name, pin }) => staff.setup(name, pin),
    'session.language': async ({ languageId }) => {
      if (!catalog.current().languages.has(languageId)) return unknownLanguage(languageId);
      settings.update({ languageId }, null);
      return ok(status());
    },
  };
}
