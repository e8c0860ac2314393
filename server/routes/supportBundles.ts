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
import { isStorableDeviceId, type SupportBundles } from '../supportBundles';
import { refuseUnlessDevice, refuseUnlessOperator } from '../fleetAuth';
import { sendProblem } from '../problems';

/**
 * Support bundles (docs/api.md §11.6): a counter uploads its own with its device token; an
 * operator lists and reads them. Registered inside the fleet routes, behind their token hook.
 */

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
          response: { 201: supportBundleEntry, 413: problem, ...errors },
        },
      },
      async (req, reply) => {
        const refused = refuseUnlessDevice(req, req.params.deviceId, reply);
        if (refused) return refused;
        // A device id the central made is always storable; a token signed elsewhere with another is not a path.
        if (!isStorableDeviceId(req.params.deviceId)) return sendProblem(reply, 403, 'This device id cannot keep support bundles.');
        return reply.code(201).send(await bundles.save(req.params.deviceId, req.body));
      },
    );

    app.get(
      '/support-bundles',
      {
        schema: {
          summary: 'The support bundles counters uploaded, newest first (operator token)',
          response: { 200: supportBundleList, ...errors },
        },
      },
      async (req, reply) => refuseUnlessOperator(req, reply) ?? { bundles: await bundles.list() },
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
