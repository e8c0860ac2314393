import type { CatalogCache } from '../catalog';
import type { CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import { Challenges, demoTransport, type MailTransport } from './challenge';
import { tokenHandlers } from './handlers';
import { Lookups } from './lookups';
import { chooseTransport } from './mail';

/**
 * Transit tokens and mandates (docs/counter.md §5): looked up at the central, cached here; the
 * e-mail challenge's relay (COUNTER_SMTP_URL, or the demo relay beside the embedded central).
 */
export function tokensArea(deps: {
  db: CounterDb;
  catalog: CatalogCache;
  client: () => CentralClient;
  now: () => Date;
  newId: () => string;
  embeddedCentral: boolean;
  mail: MailTransport | null | undefined;
}) {
  const mail = deps.mail !== undefined ? deps.mail : chooseTransport(process.env, deps.embeddedCentral, demoTransport);
  const lookups = new Lookups(deps.db, deps.catalog, deps.client, deps.now);
  return {
    lookups,
    handlers: tokenHandlers({ lookups, challenges: new Challenges(mail, deps.now, deps.newId) }),
    close: () => mail?.close?.(),
  };
}
