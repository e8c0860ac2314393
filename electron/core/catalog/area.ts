import { demoFixturesPath, loadFixturesFile } from '../../../domain/fixtures';
import { mandateRecord, tokenRecord } from '../../../domain/lookup';
import { methodId } from '../../../shared/paymentMethods';
import type { CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import { CatalogCache } from './catalogCache';
import { ensureTouchpoint } from './ownTouchpoint';

const REFRESH_MS = 10 * 60 * 1000;

/**
 * The reference data (docs/counter.md §4): seeded from the bundled demo data on a first run,
 * refreshed from the central every ten minutes. It offers the first active touchpoint and
 * language (a new counter's settings), a language's code and the PIN method.
 */
export function catalogArea({ db, fixtures, now }: { db: CounterDb; fixtures?: string; now: () => Date }) {
  const catalog = new CatalogCache(db);
  const fixturesFile = fixtures ?? demoFixturesPath();
  if (catalog.isEmpty()) {
    const demo = loadFixturesFile(fixturesFile);
    catalog.seed(demo, now().toISOString(), {
      tokens: demo.transitTokens.map(tokenRecord),
      mandates: demo.directDebitMandates.map(mandateRecord),
    });
  }
  let closed = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  // A refresh still under way when the counter closes must not write to the closed
  // database: refreshes run one after the other, and close() waits for the last.
  let refreshing: Promise<void> = Promise.resolve();
  return {
    catalog,
    fixturesFile,
    firstTouchpoint: () => [...catalog.current().touchpoints.values()].find((t) => t.isActive)?.salesTouchpointId ?? 0,
    firstLanguage: () => [...catalog.current().languages.keys()][0] ?? 1,
    /** The catalogue with the touchpoint this counter's token names, listed or not (docs/api.md §11.1). */
    sellingAt: (touchpointId: number) => ensureTouchpoint(catalog.current(), touchpointId),
    languageCode: (languageId: number) => catalog.current().languages.get(languageId)?.iso639Code ?? 'nl',
    pinMethod: () => methodId([...catalog.current().paymentMethods.values()], 'pin'),
    /** Refreshes now and then every ten minutes; `changed` after each refresh that brought something new. */
    refreshFrom(client: CentralClient, changed: (refreshedAt: string) => void): () => Promise<void> {
      const refresh = () => {
        refreshing = refreshing.then(async () => {
          if (closed) return;
          try {
            if (await catalog.refresh(client, now().toISOString())) changed(now().toISOString());
          } catch (error) {
            console.error(`counter: the catalogue refresh failed: ${(error as Error).message}`);
          }
        });
        return refreshing;
      };
      timer = setInterval(() => void refresh(), REFRESH_MS);
      timer.unref();
      return refresh;
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await refreshing;
    },
  };
}
