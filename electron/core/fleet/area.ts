import type { FleetStatus, SyncStatus } from '../../../shared/ipc';
import type { DeviceStates } from '../../../shared/devices';
import type { CentralClient, ClockOffset } from '../central';
import type { LoadedConfig } from '../config';
import type { CounterDb } from '../db/database';
import { readSetting } from '../db/settings';
import type { CounterSettings } from '../settings';
import type { DatabaseCheck } from './databaseCheck';
import type { FleetMember } from './fleet';
import { fleetHandlers } from './handlers';
import { noteFleetEvents, RecentLog } from './recentLog';
import { saveSupportBundle } from './supportFile';
import { uploadSupportBundle } from './supportUpload';
import { updateMoment, Updates, type Updater } from './updates';

/** How often the update feed is asked, after the first time at start. */
const UPDATE_CHECK_MS = 4 * 60 * 60 * 1000;

/** What the fleet reads of sync: its state, and its rounds (each a moment to install a waiting update at). */
export interface SyncView {
  status(): SyncStatus;
  on(event: 'status', listener: (s: SyncStatus) => void): unknown;
}

/**
 * The counter as a member of a fleet (docs/api.md §11, docs/counter.md §18): enrolment, the
 * heartbeat each sync round sends first, updates, the database check and the support bundle.
 * It offers the heartbeat (sync's hook before a push) and the fleet's status.
 */
export function fleetArea(deps: {
  db: CounterDb;
  member: FleetMember;
  settings: CounterSettings;
  client: CentralClient;
  clockOffset: ClockOffset | undefined;
  embeddedCentral: boolean;
  databaseCheck: DatabaseCheck;
  appVersion: string;
  updater: Updater | null;
  config: LoadedConfig | undefined;
  dataDir: string;
  now: () => Date;
  deviceStates: () => DeviceStates;
  sync: () => SyncView;
  staff: { firstRun(): boolean; who(): { role: string } | null };
}) {
  const { db, member, settings, client, clockOffset, now } = deps;
  const heartbeat = member.heartbeat({
    client,
    appVersion: deps.appVersion,
    clockOffsetMs: () => clockOffset?.ms ?? null,
    lastSyncAt: () => readSetting<string>(db, 'sync.lastSuccessAt') ?? null,
    deviceStates: deps.deviceStates,
  });
  const updates = new Updates(
    deps.updater,
    () => updateMoment(db, now()),
    deps.appVersion,
    () => member.enrolment.current?.deviceId ?? settings.deviceId,
  );
  const log = new RecentLog(now);
  const status = (): FleetStatus => ({
    appVersion: deps.appVersion,
    database: { ok: deps.databaseCheck.ok, problems: deps.databaseCheck.problems.length, checkedAt: deps.databaseCheck.checkedAt },
    clockOffsetMs: clockOffset?.ms ?? null,
    update: updates.view(),
    enrolment: member.view(),
  });
  // What a support bundle is made of, the same for the file and the upload (docs/counter.md §18).
  const bundleInput = () => ({
    db,
    now: now(),
    fleet: status(),
    sync: deps.sync().status(),
    deviceStates: deps.deviceStates(),
    config: deps.config,
    log: log.all(),
  });
  let updateChecks: ReturnType<typeof setInterval> | null = null;
  return {
    heartbeat,
    status,
    /** Whether the operator took this counter's access back (sync then says a refused token as such). */
    revoked: () => member.view().state === 'revoked',
    handlers: fleetHandlers({
      status,
      // Only the first run (nobody can log in yet) or a manager may enrol.
      mayEnrol: () => deps.staff.firstRun() || deps.staff.who()?.role === 'manager',
      fixedCentralUrl: () => (settings.fixedSettings.centralUrl ? settings.centralUrl : null),
      apply: (url, credentials) => member.apply(url, credentials, { url: client.baseUrl, embedded: deps.embeddedCentral }),
      supportBundle: () => saveSupportBundle(deps.dataDir, bundleInput()),
      uploadSupportBundle: () =>
        uploadSupportBundle({ client, enrolment: member.enrolment, online: deps.sync().status().online, input: bundleInput() }),
    }),
    /** Each sync round and each sale's change is a moment to install a waiting update at. */
    considerUpdate: () => updates.consider(),
    /** Notes sync's and the clock's events in the recent log; asks the update feed now and every four hours. */
    start() {
      noteFleetEvents(log, { engine: deps.sync(), clock: clockOffset, enrolment: member.enrolment, databaseCheck: deps.databaseCheck });
      updates.check();
      updateChecks = setInterval(() => updates.check(), UPDATE_CHECK_MS);
      updateChecks.unref();
    },
    close() {
      if (updateChecks) clearInterval(updateChecks);
    },
  };
}
