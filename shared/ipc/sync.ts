import { z } from 'zod';
import type { Order } from '../schemas/order';
import type { RefusalCode } from '../refusals';
import type { SyncProblem } from '../manager/types';
import { channel } from './declare';
import type { CounterOrder } from './sale';

/** Sync with the central: its state, what waits, what the central refused, and a manager's retry. */

/** An order the central has not seen in its latest state yet, for the sync panel. */
export interface UnsentOrder {
  orderId: string;
  orderNumber: string;
  /** The oldest change still waiting. */
  since: string;
  changes: number;
  /** 'unknown': a request got no answer; the central is asked before anything is sent again. */
  state: 'waiting' | 'unknown';
  /** Why the last attempt to send failed (the attempt covers every waiting order). */
  lastError: RefusalCode | null;
}

/**
 * What the top bar says of sync (docs/counter.md §20): the central answers and takes this
 * counter's sales, cannot be reached, or answers but refuses (the token, a revoked device, the
 * interface's version), or takes them while the counter's clock is more than 2 minutes off.
 */
export type CentralState = 'online' | 'offline' | 'tokenRefused' | 'revoked' | 'versionRefused' | 'clockOff';

export interface SyncStatus {
  /** False only when the central cannot be reached, not when one order fails there. */
  online: boolean;
  /** The one word the screens show: never 'online' while the central refuses this counter. */
  state: CentralState;
  /** Orders waiting to be sent (the set-aside ones not counted). */
  pending: number;
  rejected: number;
  /** Orders set aside after failing MAX_ATTEMPTS times while others went through. */
  setAside: number;
  lastSuccessAt: string | null;
  /** Why the last round failed, as a refusal code the renderer words. */
  lastError: RefusalCode | null;
  embeddedCentral: boolean;
  /** The counter's clock minus the central's (ms, positive when ahead); null until measured (docs/api.md §11.4). */
  clockOffsetMs: number | null;
}

/** A step of "test connection" (docs/counter.md §20), in the order they are taken. */
export type ConnectionStepName = 'reach' | 'tls' | 'token' | 'clock';
/**
 * Why a step failed or was skipped, for the screen to word: 'plain' is http:// (allowed only for
 * this computer, so there is no TLS to check); 'earlier' a step not taken because one before it failed.
 */
export type ConnectionReason =
  | 'address'
  | 'dns'
  | 'refused'
  | 'timeout'
  | 'network'
  | 'certificate'
  | 'plain'
  | 'noToken'
  | 'tokenRefused'
  | 'revoked'
  | 'versionRefused'
  | 'centralError'
  | 'noDate'
  | 'clockOff'
  | 'earlier';

export interface ConnectionStep {
  step: ConnectionStepName;
  outcome: 'ok' | 'failed' | 'skipped';
  reason: ConnectionReason | null;
  /** The clock step: the counter's clock minus the central's (ms). */
  offsetMs?: number;
}

export interface ConnectionTest {
  /** The central's address tested (the one in use). */
  url: string;
  embeddedCentral: boolean;
  steps: ConnectionStep[];
}

/** An order sync set aside: how often it failed, and the last error. */
export interface SetAsideOrder {
  order: Order;
  attempts: number;
  lastError: string;
}

const none = z.object({});

export const syncChannels = {
  'sync.status': channel<SyncStatus>()({ input: none, access: 'public', kind: 'read' }),
  'sync.now': channel<SyncStatus>()({ input: none, access: 'clerk', kind: 'change' }),
  'sync.rejected': channel<CounterOrder[]>()({ input: none, access: 'clerk', kind: 'read' }),
  /** Orders set aside after failing again and again. */
  'sync.setAside': channel<SetAsideOrder[]>()({ input: none, access: 'clerk', kind: 'read' }),
  'sync.unsent': channel<UnsentOrder[]>()({ input: none, access: 'clerk', kind: 'read' }),
  /** A manager retries one set-aside order, or all without orderId. */
  'sync.retry': channel<SyncStatus>()({
    input: z.object({ orderId: z.string().min(1).max(100).optional() }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Sending again', nl: 'Opnieuw versturen' },
      words: { en: 'Sending again: {which}', nl: 'Opnieuw versturen: {which}' },
      values: ({ orderId }) => ({
        which: orderId
          ? { en: 'this order', nl: 'deze bestelling' }
          : { en: 'every order set aside', nl: 'alle apart gezette bestellingen' },
      }),
      recorded: 'always',
    },
  }),
  /** Managers: whether the central can be reached, over TLS, takes the token, and agrees on the time (docs/counter.md §20). */
  'sync.testConnection': channel<ConnectionTest>()({
    input: none,
    access: 'manager',
    kind: 'change',
    audit: { act: { en: 'Connection with the central tested', nl: 'Verbinding met de centrale getest' }, recorded: 'refusals' },
  }),
  /** Managers: every order the central does not have in its latest state, with the central's reasons. */
  'sync.problems': channel<SyncProblem[]>()({
    input: none,
    access: 'manager',
    kind: 'read',
    audit: { act: { en: 'Sync problems', nl: 'Synchronisatieproblemen' }, recorded: 'refusals' },
  }),
} as const;
