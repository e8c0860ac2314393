import type { HandlersOf, SessionStatus } from '../../../shared/ipc';
import type { sessionChannels, staffChannels } from '../../../shared/ipc/session';
import { ok, refusal } from '../../../shared/refusals';
import type { CatalogCache } from '../catalog/catalogCache';
import type { CounterSettings } from '../settings/settings';
import type { Staff } from '../staff/staff';

export interface SessionDeps {
  staff: Staff;
  settings: CounterSettings;
  catalog: CatalogCache;
  embeddedCentral: boolean;
  timeZone: string;
}

export const unknownLanguage = (languageId: number) =>
  refusal('invalid', 'settings.unknownLanguage', { languageId }, [{ detail: 'unknown language', pointer: '/languageId' }]);

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

/** The staff list, kept by managers. */
export function staffHandlers({ staff }: Pick<SessionDeps, 'staff'>): HandlersOf<typeof staffChannels> {
  return {
    'staff.list': async () => ok(staff.all()),
    'staff.add': async ({ name, role, pin }) => ok(staff.add(name, role, pin)),
    'staff.setActive': async ({ staffId, active }) => staff.setActive(staffId, active),
    'staff.resetPin': async ({ staffId, pin }) => staff.resetPin(staffId, pin),
  };
}
