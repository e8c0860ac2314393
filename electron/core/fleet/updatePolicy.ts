import { createHash } from 'node:crypto';
import type { UpdateGate } from '../../../shared/ipc/fleet';

export type { UpdateGate };

/**
 * When a downloaded update may be installed (docs/counter.md §18): only at a moment when
 * installing loses nothing and interrupts no one: no sale open, nothing waiting to be sent, no
 * payment whose outcome is unknown. Otherwise at the next such moment, or when the counter is
 * closed (electron-updater installs on quit) and so at the next start. Pure: main.ts and the
 * core ask it, electron-updater does the rest.
 */

/** What the counter is doing at a moment the policy is asked. */
export interface UpdateMoment {
  /** A sale begun at this counter and not finished (paid, delivered or cancelled). */
  saleOpen: boolean;
  /** Orders with changes the central has not seen. */
  outboxDepth: number;
  /** Payments whose outcome the terminal has not told (docs/api.md §9.2). */
  unknownPayments: number;
}

/** Where an update stands: none offered, being fetched, or downloaded and waiting to be installed. */
export type UpdatePhase = { phase: 'none' } | { phase: 'downloading'; version: string } | { phase: 'ready'; version: string };

export type UpdateDecision = { install: false; waitingFor: UpdateGate[] } | { install: true; version: string };

/** The gates still closed at this moment, in the order the screen names them. */
export function closedGates(moment: UpdateMoment): UpdateGate[] {
  const gates: UpdateGate[] = [];
  if (moment.saleOpen) gates.push('saleOpen');
  if (moment.outboxDepth > 0) gates.push('unsentSales');
  if (moment.unknownPayments > 0) gates.push('unknownPayment');
  return gates;
}

/** Install now, or what it waits for (nothing to wait for when no update is ready). */
export function decideUpdate(update: UpdatePhase, moment: UpdateMoment): UpdateDecision {
  if (update.phase !== 'ready') return { install: false, waitingFor: [] };
  const waitingFor = closedGates(moment);
  return waitingFor.length === 0 ? { install: true, version: update.version } : { install: false, waitingFor };
}

/**
 * The staged rollout (docs/counter.md §18): a counter's device id hashed into one of 100
 * buckets, the same on every start and every check, so a feed's `stagingPercentage: 10` is
 * taken by the same tenth of the fleet each time, and raising it only adds counters.
 */
export function rolloutBucket(deviceId: string): number {
  return createHash('sha256').update(deviceId, 'utf8').digest().readUInt32BE(0) % 100;
}

/** Whether this counter is in a stage of `percentage` % (none given or not a number: everyone). */
export function withinRollout(deviceId: string, percentage: number | string | null | undefined): boolean {
  if (percentage === null || percentage === undefined) return true;
  const share = typeof percentage === 'number' ? percentage : Number.parseFloat(percentage);
  if (Number.isNaN(share)) return true;
  return rolloutBucket(deviceId) < share;
}
