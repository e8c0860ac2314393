import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Catalog } from '../../domain/catalog';
import { counterList, counterReport, deviceCredentials, enrolment, enrolmentInput, heartbeatInput } from '../../shared/schemas/fleet';
import { problem } from '../../shared/schemas/problem';
import type { Verifiers } from '../caller';
import type { Fleet } from '../fleet';
import { fleetAuthenticate, isOperator, refuseUnlessDevice, refuseUnlessOperator } from '../fleetAuth';
import type { SupportBundles } from '../supportBundles';
import { supportBundleRoutes } from './supportBundles';
import { sendProblem } from '../problems';

/**
 * A fleet of counters (docs/api.md §11.1, §11.2). A code is claimed without a token; the
 * other routes take an operator's token, or a device's own.
 */

const WRONG_CODE = 'The enrolment code is wrong, spent or expired; ask the operator for a new one.';
const deviceParams = z.object({ deviceId: z.string().min(1).max(200) });
const errors = { 400: problem, 401: problem, 403: problem };

export const fleetRoutes =
  (fleet: Fleet, catalog: () => Catalog, verifiers: Verifiers, bundles: SupportBundles): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/enrolments/:code/claim',
      {
        schema: {
          summary: 'Claim a one-time enrolment code: the device id and bearer token of a new counter (no bearer token needed)',
          security: [],
          params: z.object({ code: z.string() }),
          response: { 200: deviceCredentials, 401: problem, 429: problem },
        },
      },
      async (req, reply) => {
        const outcome = await fleet.claim(req.params.code, req.ip);
        if (outcome.kind === 'ok') return outcome.value;
        if (outcome.retryAfterSeconds === null) return sendProblem(reply, 401, WRONG_CODE);
        return sendProblem(
          reply.header('retry-after', String(outcome.retryAfterSeconds)),
          429,
          'Too many wrong codes from this address; try again later.',
        );
      },
    );

    await app.register(async (plain) => {
      const fleetApp = plain.withTypeProvider<ZodTypeProvider>();
      fleetApp.addHook('onRequest', fleetAuthenticate(verifiers));
      await fleetApp.register(supportBundleRoutes(bundles));

      fleetApp.post(
        '/enrolments',
        {
          schema: {
            summary: 'Make a one-time enrolment code for a touchpoint, valid 24 hours (operator token)',
            body: enrolmentInput,
            response: { 201: enrolment, ...errors },
          },
        },
        async (req, reply) => {
          const refused = refuseUnlessOperator(req, reply);
          if (refused) return refused;
          const touchpoint = catalog().touchpoints.get(req.body.touchpointId);
          if (!touchpoint?.isActive) {
            return sendProblem(reply, 400, 'See errors for what is wrong.', [
              { detail: 'touchpointId: no active touchpoint has this id', pointer: '/touchpointId' },
            ]);
          }
          return reply.code(201).send(await fleet.enrol(req.body.touchpointId));
        },
      );

      fleetApp.get(
        '/counters',
        {
          schema: {
            summary: 'The last heartbeat of each enrolled counter: all of them for an operator, a touchpoint’s own for its token',
            response: { 200: counterList, ...errors },
          },
        },
        async (req, reply) => {
          const claims = req.fleetClaims;
          if (isOperator(claims)) return { counters: await fleet.reports(undefined) };
          if (claims.touchpointId === undefined)
            return sendProblem(reply, 403, 'The bearer token names no touchpoint and is no operator’s.');
          return { counters: await fleet.reports(claims.touchpointId) };
        },
      );

      fleetApp.put(
        '/counters/:deviceId',
        {
          schema: {
            summary: 'A counter’s heartbeat, with its own token: its version, backlog, clock offset and devices',
            params: deviceParams,
            body: heartbeatInput,
            response: { 200: counterReport, ...errors },
          },
        },
        async (req, reply) => {
          const refused = refuseUnlessDevice(req, req.params.deviceId, reply);
          if (refused) return refused;
          return fleet.report(req.params.deviceId, req.fleetClaims.touchpointId!, req.body);
        },
      );

      fleetApp.post(
        '/counters/:deviceId/token',
        {
          schema: {
            summary: 'Renew a counter’s bearer token before it expires, with its own token',
            params: deviceParams,
            response: { 200: deviceCredentials, ...errors },
          },
        },
        async (req, reply) => {
          const refused = refuseUnlessDevice(req, req.params.deviceId, reply);
          if (refused) return refused;
          // The hook found the device enrolled; a revocation in between leaves nothing to renew.
          const renewed = await fleet.renew(req.params.deviceId);
          return renewed ?? sendProblem(reply, 401, 'This counter is no longer enrolled.');
        },
      );

      fleetApp.delete(
        '/counters/:deviceId',
        {
          schema: {
            summary: 'Revoke a counter: its token is refused from now on (operator token)',
            params: deviceParams,
            response: { 200: z.undefined().describe('no body'), 404: problem, ...errors },
          },
        },
        async (req, reply) => {
          const refused = refuseUnlessOperator(req, reply);
          if (refused) return refused;
          if (!(await fleet.revoke(req.params.deviceId))) return sendProblem(reply, 404, 'No enrolled counter has this id.');
          return reply.code(200).send(undefined);
        },
      );
    });
  };
