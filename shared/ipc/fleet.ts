import { z } from 'zod';
import { isAllowedCentralUrl } from '../centralUrl';
import { channel } from './declare';

/** The counter in a fleet (docs/api.md §11, docs/counter.md §18): its database, clock and version. */

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

/**
 * This counter's enrolment (docs/api.md §11.1): none (a token from the settings or the machine's
 * configuration, or the demo), enrolled, revoked by the operator, or its code refused at start.
 */
export interface EnrolmentView {
  state: 'none' | 'enrolled' | 'revoked' | 'codeRefused';
  deviceId: string | null;
  touchpointId: number | null;
}

export interface FleetStatus {
  appVersion: string;
  /** SQLite's quick_check at start: `problems` counts its lines (the screen says what to do, not SQLite's words). */
  database: { ok: boolean; problems: number; checkedAt: string };
  /** Counter − central (ms); null until the central has answered. */
  clockOffsetMs: number | null;
  update: UpdateView;
  enrolment: EnrolmentView;
}

const none = z.object({});

/** A support bundle as a file: JSON text, and where the counter saved its copy. */
export interface SupportFile {
  fileName: string;
  mimeType: 'application/json';
  encoding: 'utf8';
  content: string;
  savedTo: string;
}

/** A support bundle the central took (docs/api.md §11.6): when, and how big. */
export interface SupportUpload {
  receivedAt: string;
  bytes: number;
}

/** After an enrolment: the counter restarts by itself (Electron), must be restarted by hand (browser shell), or goes on. */
export type EnrolRestart = 'now' | 'manual' | 'none';

export const enrolInput = z.object({
  centralUrl: z.url({ protocol: /^https?$/ }).refine(isAllowedCentralUrl, 'https:// is required, except for this computer itself'),
  /** 8 characters; case, spaces and dashes do not matter. */
  code: z.string().trim().min(8).max(32),
});

export const fleetChannels = {
  /** Public: the login screen says a damaged database before anyone logs in. */
  'fleet.status': channel<FleetStatus>()({ input: none, access: 'public', kind: 'read' }),
  /** A support bundle (docs/counter.md §18): saved in the data folder and offered as a download. */
  'fleet.supportBundle': channel<SupportFile>()({
    input: none,
    access: 'manager',
    kind: 'change',
    audit: { act: { en: 'Support bundle', nl: 'Supportbundel' }, recorded: 'always' },
  }),
  /**
   * The same bundle uploaded to the central this counter is enrolled with (docs/api.md §11.6):
   * refused when it is not enrolled there or the central does not answer (nothing is queued).
   */
  'fleet.uploadSupportBundle': channel<SupportUpload>()({
    input: none,
    access: 'manager',
    kind: 'change',
    audit: { act: { en: 'Support bundle uploaded', nl: 'Supportbundel naar de centrale' }, recorded: 'always' },
  }),
  /**
   * Enrols this counter with a central's one-time code (docs/api.md §11.1). Public so that the
   * first run can (nobody can log in yet); after that the handler lets only a manager.
   */
  'fleet.enrol': channel<{ status: FleetStatus; restart: EnrolRestart }>()({ input: enrolInput, access: 'public', kind: 'change' }),
} as const;
