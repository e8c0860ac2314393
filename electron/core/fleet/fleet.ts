import type { DeviceStates } from '../../../shared/devices';
import type { EnrolRestart } from '../../../shared/ipc/fleet';
import type { DeviceCredentials } from '../../../shared/schemas/fleet';
import type { CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import type { CounterSettings } from '../settings';
import { claimCode, Enrolment, isRevocation } from './enrolment';
import { beat } from './heartbeat';

export interface FleetMemberOptions {
  db: CounterDb;
  settings: CounterSettings;
  now: () => Date;
  /** The machine configuration's one-time code (`enrolment.code`, COUNTER_ENROLMENT_CODE). */
  code: string | undefined;
  /** The shell restarts the counter (Electron); none in the browser shell. */
  restart?: () => void;
}

/**
 * The counter as a member of a fleet (docs/api.md §11.1–§11.2, docs/counter.md §18): it
 * enrols with a one-time code (from the machine's configuration at start, or from the screen),
 * sells for the touchpoint its token names, hears that it was revoked, renews its token and
 * reports its heartbeat.
 */
export class FleetMember {
  readonly enrolment: Enrolment;
  private codeRefused = false;

  constructor(private readonly options: FleetMemberOptions) {
    this.enrolment = new Enrolment(options.db, options.now);
  }

  /**
   * At start, before the central's client is made: the configuration's code is claimed once,
   * for the configured central. A central that cannot be reached is asked again at the next
   * start; a refused code is said on screen.
   */
  async claimAtStart(centralUrl: string | null): Promise<void> {
    const { code } = this.options;
    if (!code || !centralUrl || this.enrolment.at(centralUrl)) return;
    const answer = await claimCode(centralUrl, code);
    if (answer.kind === 'ok') this.keep(centralUrl, answer.value);
    else if (answer.kind === 'refused') this.codeRefused = true;
    else console.error(`counter: the central ${centralUrl} cannot be reached to enrol; trying again at the next start`);
  }

  /** The token sealed as every central token is, the touchpoint it names made this counter's. */
  private keep(centralUrl: string, credentials: DeviceCredentials): void {
    const { settings } = this.options;
    settings.update(
      {
        ...(settings.centralUrl !== centralUrl && { centralUrl }),
        bearerToken: credentials.token,
        touchpointId: credentials.touchpointId,
      },
      null,
    );
    this.enrolment.enrolled(centralUrl, credentials);
    this.codeRefused = false;
  }

  /** An enrolment from the screen: used at once with the same central, else after a restart. */
  apply(centralUrl: string, credentials: DeviceCredentials, current: { url: string; embedded: boolean }): EnrolRestart {
    this.keep(centralUrl, credentials);
    if (centralUrl === current.url && !current.embedded) return 'none';
    if (!this.options.restart) return 'manual';
    // After the answer has reached the screen.
    setTimeout(this.options.restart, 500).unref();
    return 'now';
  }

  /** For the central's client: a revoked token is said on screen (the counter keeps selling offline). */
  heard(status: number, problem: Parameters<typeof isRevocation>[1]): void {
    if (isRevocation(status, problem)) this.enrolment.revoked();
  }

  view() {
    return this.enrolment.view(this.codeRefused);
  }

  /** The round's heartbeat, for the sync engine (docs/api.md §11.2). */
  heartbeat(deps: {
    client: CentralClient;
    appVersion: string;
    clockOffsetMs: () => number | null;
    lastSyncAt: () => string | null;
    deviceStates: () => DeviceStates;
  }): () => Promise<void> {
    return () =>
      beat({
        ...deps,
        db: this.options.db,
        enrolment: this.enrolment,
        now: this.options.now,
        renewed: (credentials) => this.keep(deps.client.baseUrl, credentials),
      });
  }
}
