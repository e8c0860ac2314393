import { join } from 'node:path';
import { isAllowedCentralUrl } from '../../../shared/centralUrl';
import type { Problem } from '../../../shared/schemas/problem';
import type { Central } from '../../../server/central';
import { CentralClient } from './centralClient';
import { ClockOffset } from './clockOffset';

/** The central started in-process beside a counter without a configured one. */
export type EmbeddedCentral = Central;

/**
 * The central this counter syncs with (docs/api.md §11): the given one (tests, scripts), the
 * configured one, or, without either, one started in-process on the bundled demo data so a
 * fresh install sells at once. It offers the client every area that asks the central uses, and
 * the counter's clock measured against the central's (docs/api.md §11.4).
 */
export async function centralArea(deps: {
  given: { url: string; bearerToken: string; timeoutMs?: number } | undefined;
  configuredUrl: string | null;
  bearerToken: () => string | null;
  dataDir: string;
  fixturesFile: string;
  measureClock: boolean;
  now: () => Date;
  /** Before the client is made: the fleet claims its enrolment code with the configured central. */
  beforeConnect: (url: string | null) => Promise<void>;
  /** The central refused a request: the fleet judges whether the counter's access was taken back. */
  onRefused: (status: number, problem: Problem) => void;
}) {
  let centralUrl = deps.given?.url ?? deps.configuredUrl;
  if (centralUrl && !isAllowedCentralUrl(centralUrl)) {
    throw new Error(`the central's address ${centralUrl} is refused: it must be https:// (http:// only for this computer itself)`);
  }
  if (!deps.given) await deps.beforeConnect(centralUrl);
  const given = deps.given?.bearerToken;
  let token: () => string | null = () => given ?? deps.bearerToken();
  let embedded: Central | null = null;
  if (!centralUrl) {
    // Loaded only when needed: the central's HTTP stack is most of the counter's start-up.
    const { startCentral } = await import('../../../server/central');
    embedded = await startCentral({ db: join(deps.dataDir, 'embedded-central.sqlite'), fixtures: deps.fixturesFile, port: 0 });
    centralUrl = embedded.url;
    const devToken = embedded.devToken;
    token = () => devToken;
  }
  const clockOffset = deps.measureClock ? new ClockOffset(deps.now) : undefined;
  const client = new CentralClient({
    baseUrl: centralUrl,
    token,
    timeoutMs: deps.given?.timeoutMs,
    clock: clockOffset,
    onRefused: deps.onRefused,
  });
  const central = embedded;
  return {
    client,
    clockOffset,
    embedded: central,
    async close() {
      client.close();
      await central?.close();
    },
  };
}
