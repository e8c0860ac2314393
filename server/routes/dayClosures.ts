import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayClosure, dayClosureInput, dayClosureQuery } from '../../shared/manager/closure';
import { problem } from '../../shared/schemas/problem';
import type { DayClosures } from '../dayClosures';
import { sendProblem } from '../problems';
import { decodeCursor, pageLinks } from '../paging';

const link = z.object({ href: z.string(), method: z.string(), templated: z.boolean() });
const errors = { 400: problem, 401: problem, 403: problem, 409: problem };

/**
 * Day closes (issue 11): a counter's Z reports reach the central like its orders, so a
 * store's figures survive the loss of a counter. Channels only (a customer has none); a
 * close is stored under the caller's touchpoint, once per close id.
 */
export const dayClosureRoutes =
  (closures: DayClosures): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dayclosures',
      {
        schema: {
          summary: 'Store a counter’s day close (Z report); sending the same closeId again stores nothing new',
          body: dayClosureInput,
          response: { 200: dayClosure, 201: dayClosure, ...errors },
        },
      },
      async (req, reply) => {
        if (req.caller.customerProfileId !== null) return sendProblem(reply, 403, 'A customer token may not send day closes.');
        const stored = await closures.put(req.body, req.caller.touchpointId);
        if ('otherTouchpoint' in stored) {
          return sendProblem(reply, 409, 'This closeId is already used by another touchpoint.', [
            { detail: 'the closeId belongs to another touchpoint', pointer: '/closeId' },
          ]);
        }
        return reply.code(stored.created ? 201 : 200).send(stored.closure);
      },
    );

    app.get(
      '/dayclosures',
      {
        schema: {
          summary: 'List a touchpoint’s day closes (default the caller’s) in (businessDate, closeId) order',
          querystring: dayClosureQuery,
          response: {
            200: z.object({ dayClosures: z.array(dayClosure), _links: z.object({ self: link, next: link.optional() }), href: z.string() }),
            ...errors,
          },
        },
      },
      async (req, reply) => {
        if (req.caller.customerProfileId !== null) return sendProblem(reply, 403, 'A customer token may not read day closes.');
        const after = decodeCursor(req.query.cursor, false);
        if (after === 'invalid') {
          return sendProblem(reply, 400, 'See errors for what is wrong.', [
            { detail: 'the cursor is not one this service gave out for this query', pointer: '/cursor' },
          ]);
        }
        const page = await closures.list(
          req.query.touchpointId ?? req.caller.touchpointId,
          req.query.businessDateFrom,
          req.query.limit,
          after,
        );
        return { dayClosures: page.rows, ...pageLinks(req.url, page.next, false) };
      },
    );
  };
