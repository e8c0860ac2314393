import { z } from 'zod';
import { deviceState } from '../devices';
import { pageFields } from './order';

/**
 * The shapes of a fleet of counters (docs/api.md §11.1, §11.2): enrolment codes, their claim,
 * the heartbeat a counter reports and the operator's list of them. Shared by the central and
 * the counter.
 */

/** The letters of an enrolment code: digits and capitals without look-alikes (no 0, O, 1, I, L). */
export const ENROLMENT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ENROLMENT_CODE_LENGTH = 8;

/** The problem type a revoked device's token is answered with (docs/api.md §11.1). */
export const REVOKED_PROBLEM_TYPE = 'urn:counter:problem:revoked';

/** A code as typed: case, spaces and dashes do not matter (`abcd-efgh` is `ABCDEFGH`). */
export const normaliseEnrolmentCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

const touchpointId = z.number().int().min(1).max(2_147_483_647);
const timestamp = z.iso.datetime({ offset: true });

export const enrolmentInput = z.object({ touchpointId }).strict();

export const enrolment = z.object({ code: z.string(), touchpointId, expiresAt: timestamp });
export type Enrolment = z.infer<typeof enrolment>;

/** What a claimed code answers: the counter's own device id and bearer token. */
export const deviceCredentials = z.object({ deviceId: z.string(), token: z.string(), touchpointId });
export type DeviceCredentials = z.infer<typeof deviceCredentials>;

/** A counter's heartbeat (docs/api.md §11.2). */
export const heartbeatInput = z
  .object({
    appVersion: z.string().min(1).max(64),
    outboxDepth: z.number().int().min(0),
    /** Null when nothing waits to be sent. */
    oldestUnsentAgeSeconds: z.number().int().min(0).nullable(),
    /** Counter − central in milliseconds: positive when the counter's clock is ahead; null while not measured. */
    clockOffsetMs: z
      .number()
      .int()
      .nullable()
      .describe(
        "Counter − central in milliseconds, positive when the counter's clock is ahead; null while the counter has not measured it (unknown).",
      ),
    lastSyncAt: timestamp.nullable(),
    terminal: deviceState,
    printer: deviceState,
  })
  .strict();
export type HeartbeatInput = z.infer<typeof heartbeatInput>;

/** A heartbeat as the central stored it. */
export const counterReport = heartbeatInput.extend({ deviceId: z.string(), touchpointId, reportedAt: timestamp });
export type CounterReport = z.infer<typeof counterReport>;

export const counterList = z.object({ counters: z.array(counterReport) });

/** The largest support bundle the central takes (docs/api.md §11.6): a bundle is a few hundred KiB at most. */
export const SUPPORT_BUNDLE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A counter's support bundle as uploaded (docs/api.md §11.6, docs/counter.md §18): its kind,
 * time and version are checked; the rest is kept as it came, so an older counter's bundle is taken too.
 */
export const supportBundleUpload = z.looseObject({
  kind: z.literal('counter-support-bundle'),
  createdAt: timestamp,
  versions: z.looseObject({ app: z.string().min(1).max(64) }),
});
export type SupportBundleUpload = z.infer<typeof supportBundleUpload>;

/** A stored bundle as the operator's list shows it. */
export const supportBundleEntry = z.object({
  id: z.string(),
  deviceId: z.string(),
  bytes: z.number().int().min(0),
  receivedAt: timestamp,
});
export type SupportBundleEntry = z.infer<typeof supportBundleEntry>;

/** A page of them, newest first, paged like GET /orders (docs/api.md §3.4, §11.6). */
export const supportBundleList = z.object({ bundles: z.array(supportBundleEntry), ...pageFields });
