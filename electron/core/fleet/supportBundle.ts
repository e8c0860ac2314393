import type { DeviceStates } from '../../../shared/devices';
import type { FleetStatus, SyncStatus } from '../../../shared/ipc';
import type { CounterDb } from '../db/database';
import { oldestPendingAt } from '../db/outbox';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { LoadedConfig } from '../config';
import { checkDatabase } from './databaseCheck';

/**
 * A support bundle (docs/counter.md §18): what support needs to see why a counter misbehaves,
 * and nothing of its customers or secrets. It holds versions, the database's integrity check,
 * the device states, the outbox summary, the clock offset, the enrolment (no token), which
 * configuration keys are set and where from (not their values), and the counter's own log.
 * Built from counts, codes and times only: no order, name, birth date, e-mail, IBAN, photo or token.
 */
export interface SupportBundleInput {
  db: CounterDb;
  now: Date;
  fleet: FleetStatus;
  sync: SyncStatus;
  deviceStates: DeviceStates;
  config: LoadedConfig | undefined;
  log: string[];
}

/** How many orders wait in each sync state: the outbox as support sees it. */
function syncStates(db: CounterDb): Record<string, number> {
  const rows = stmt(db, 'SELECT state, COUNT(*) AS n FROM sync_orders GROUP BY state ORDER BY state').all() as {
    state: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

export function supportBundle(input: SupportBundleInput) {
  const { db, now, fleet, sync } = input;
  const oldest = oldestPendingAt(db);
  return {
    kind: 'counter-support-bundle',
    createdAt: now.toISOString(),
    versions: {
      app: fleet.appVersion,
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      platform: process.platform,
      arch: process.arch,
    },
    database: {
      atStart: fleet.database,
      now: checkDatabase(db, now.toISOString()),
      pages: db.pragma('page_count', { simple: true }) as number,
      pageSize: db.pragma('page_size', { simple: true }) as number,
    },
    devices: input.deviceStates,
    outbox: {
      pending: sync.pending,
      rejected: sync.rejected,
      setAside: sync.setAside,
      oldestUnsentAgeSeconds: oldest === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 1000)),
      byState: syncStates(db),
    },
    sync: { online: sync.online, lastSuccessAt: sync.lastSuccessAt, lastError: sync.lastError, embeddedCentral: sync.embeddedCentral },
    clockOffsetMs: fleet.clockOffsetMs,
    enrolment: fleet.enrolment,
    update: fleet.update,
    configuration: { file: input.config?.file ?? null, keys: input.config?.sources ?? {} },
    log: input.log,
  };
}
