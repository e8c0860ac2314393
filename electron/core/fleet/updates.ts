import type { CounterDb } from '../db/database';
import { pendingCount } from '../db/outbox';
import { paymentsAwaitingAnswer, salesBegunSince } from '../orders';
import type { UpdateView } from '../../../shared/ipc/fleet';
import { closedGates, decideUpdate, withinRollout, type UpdateMoment, type UpdatePhase } from './updatePolicy';

/**
 * What the shell gives the core of its updater (electron-updater in electron/main.ts; none in
 * the browser shell): the core decides when, the updater fetches and installs.
 */
export interface Updater {
  /** Asks the feed; what it offers this counter (its staged share) is downloaded by itself. */
  check(): void;
  /** Quits and installs the downloaded update, then starts the new version. */
  install(): void;
  on(event: 'downloading' | 'ready', listener: (version: string) => void): void;
  /** Lets the core say whether this counter takes an update staged at a feed's percentage. */
  rollout?(within: (percentage: number | string | null | undefined) => boolean): void;
}

/** A sale is open while begun here within this long and not finished: an abandoned one does not hold updates for ever. */
const OPEN_SALE_MS = 30 * 60_000;
/** Statuses of a sale not finished: concept, awaiting payment, payment pending (docs/api.md §3). */
const UNFINISHED = [1, 2, 3];

/** The moment as the counter's database has it (docs/counter.md §18). */
export function updateMoment(db: CounterDb, now: Date): UpdateMoment {
  const since = new Date(now.getTime() - OPEN_SALE_MS).toISOString();
  return {
    saleOpen: salesBegunSince(db, UNFINISHED, since) > 0,
    outboxDepth: pendingCount(db),
    unknownPayments: paymentsAwaitingAnswer(db),
  };
}

/** The counter's update: where it stands, and the install at the first moment the policy allows. */
export class Updates {
  private state: UpdatePhase = { phase: 'none' };
  private installing = false;

  constructor(
    private readonly updater: Updater | null,
    private readonly moment: () => UpdateMoment,
    private readonly version: string,
    /** The id the staged rollout hashes: the enrolment's device id, else this install's own. */
    deviceId: () => string,
  ) {
    updater?.rollout?.((percentage) => withinRollout(deviceId(), percentage));
    updater?.on('downloading', (next) => (this.state = { phase: 'downloading', version: next }));
    updater?.on('ready', (next) => {
      this.state = { phase: 'ready', version: next };
      this.consider();
    });
  }

  /** Asks the feed (at start, then now and then); nothing without an updater. */
  check(): void {
    this.updater?.check();
  }

  /** A moment to install at, if the policy allows: after each sync round and each sale's change. */
  consider(): void {
    // The moment is read only for an update ready to install: not on every sale of every day.
    if (this.installing || !this.updater || this.state.phase !== 'ready') return;
    const decision = decideUpdate(this.state, this.moment());
    if (!decision.install) return;
    this.installing = true;
    this.updater.install();
  }

  view(): UpdateView {
    const pending = this.state.phase === 'none' ? null : { version: this.state.version, phase: this.state.phase };
    return {
      current: this.version,
      available: this.updater !== null,
      pending,
      waitingFor: this.state.phase === 'ready' ? closedGates(this.moment()) : [],
    };
  }
}
