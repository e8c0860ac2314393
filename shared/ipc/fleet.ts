import { z } from 'zod';
import { channel } from './declare';

/** The counter in a fleet (docs/api.md §11, docs/counter.md §18): its database, clock and version. */

/** A counter's clock more than this off the central's is said on screen and corrected in what it sends (docs/api.md §11.4). */
export const CLOCK_OFF_MS = 2 * 60_000;

/** Why a downloaded update waits: a sale open, sales not sent, a payment whose outcome is unknown. */
export type UpdateGate = 'saleOpen' | 'unsentSales' | 'unknownPayment';

/** The manager's view of updates (docs/counter.md §18). */
export interface UpdateView {
  current: string;
  /** False where the shell has no updater (the browser shell, a counter run from the sources). */
  available: boolean;
  pending: { version: string; phase: 'downloading' | 'ready' } | null;
  waitingFor: UpdateGate[];
}

export interface FleetStatus {
  appVersion: string;
  /** SQLite's quick_check at start: `problems` counts its lines (the screen says what to do, not SQLite's words). */
  database: { ok: boolean; problems: number; checkedAt: string };
  /** Counter − central (ms); null until the central has answered. */
  clockOffsetMs: number | null;
  update: UpdateView;
}

const none = z.object({});

export const fleetChannels = {
  /** Public: the login screen says a damaged database before anyone logs in. */
  'fleet.status': channel<FleetStatus>()({ input: none, access: 'public', kind: 'read' }),
} as const;
