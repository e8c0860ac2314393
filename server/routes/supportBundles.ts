import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPPORT_BUNDLE_MAX_BYTES,
  supportBundleEntry,
  supportBundleList,
  supportBundleUpload,
  type SupportBundleUpload,
} from '../../shared/schemas/fleet';
import { problem } from '../../shared/schemas/problem';
import { isBundleId, isStorableDeviceId, type BundleAfter, type SupportBundles } from '../supportBundles';
import { refuseUnlessDevice, refuseUnlessOperator } from '../fleetAuth';
import { linksWithCursor } from '../paging';
import { sendProblem } from '../problems';

/**
 * Support bundles (docs/api.md §11.6): a counter uploads its own with its device token; an
 * operator lists and reads them. Registered inside the fleet routes, behind their token hook.
 */

/** The opaque cursor of the operators' list: the last bundle of the page before. */
const encodeBundleCursor = (after: BundleAfter) => Buffer.from(JSON.stringify(['b', after.id, after.deviceId])).toString('base64url');

function decodeBundleCursor(cursor: string | undefined): BundleAfter | null | 'invalid' {
  if (cursor === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3 && value[0] === 'b' && typeof value[1] === 'string' && typeof value[2] === 'string') {
      if (isBundleId(value[1]) && isStorableDeviceId(value[2])) return { id: value[1], deviceId: value[2] };
    }
  } catch {
    // falls through: not a cursor of ours
  }
  return 'invalid';
}

const deviceParams = z.object({ deviceId: z.string().min(1).max(200) });
const errors = { 400: problem, 401: problem, 403: problem };

export const supportBundleRoutes =
  (bundles: SupportBundles): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/counters/:deviceId/support-bundles',
      {
        bodyLimit: SUPPORT_BUNDLE_MAX_BYTES,
        schema: {
          summary: `Upload this counter’s support bundle, with its own token (at most ${SUPPORT_BUNDLE_MAX_BYTES} bytes, else 413)`,
          params: deviceParams,
          body: supportBundleUpload,
          response: { 201: supportBundleEntry, 413: problem, 429: problem, ...errors },
        },
      },
      async (req, reply) => {
        const refused = refuseUnlessDevice(req, req.params.deviceId, reply);
        if (refused) return refused;
        // A device id the central made is always storable; a token signed elsewhere with another is not a path.
        if (!isStorableDeviceId(req.params.deviceId)) return sendProblem(reply, 403, 'This device id cannot keep support bundles.');
        const saved = await bundles.save(req.params.deviceId, req.body);
        if (saved.kind === 'refused') {
          return sendProblem(
            reply.header('retry-after', String(saved.retryAfterSeconds)),
            429,
            `This counter uploaded a support bundle less than ${bundles.limits.minIntervalMs / 1000} seconds ago; try again later.`,
          );
        }
        return reply.code(201).send(saved.value);
      },
    );

    app.get(
      '/support-bundles',
      {
        schema: {
          summary: 'The support bundles counters uploaded, newest first, paged (operator token)',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(1000).default(100),
            cursor: z.string().max(400).optional(),
          }),
          response: { 200: supportBundleList, ...errors },
        },
      },
      async (req, reply) => {
        const refused = refuseUnlessOperator(req, reply);
        if (refused) return refused;
        const after = decodeBundleCursor(req.query.cursor);
        if (after === 'invalid') {
          return sendProblem(reply, 400, 'This cursor is not one of this list’s.', [
            { pointer: '/cursor', detail: 'Not a cursor of this list.' },
          ]);
        }
        const { bundles: page, next } = await bundles.list(req.query.limit, after);
        return { bundles: page, ...linksWithCursor(req.url, next && encodeBundleCursor(next)) };
      },
    );

    app.get(
      '/counters/:deviceId/support-bundles/:bundleId',
      {
        schema: {
          summary: 'One support bundle as the counter uploaded it (operator token)',
          params: deviceParams.extend({ bundleId: z.string().min(1).max(100) }),
          response: { 200: supportBundleUpload, 404: problem, ...errors },
        },
      },
      async (req, reply) => {
        const refused = refuseUnlessOperator(req, reply);
        if (refused) return refused;
        const content = await bundles.read(req.params.deviceId, req.params.bundleId);
        if (content === null) return sendProblem(reply, 404, 'This counter has no support bundle with this id.');
        return JSON.parse(content) as SupportBundleUpload;
      },
    );
  };
