import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayClosureInput, dayClosureQuery, reconciledDayClosure } from '../../shared/manager/closure';
import { problem } from '../../shared/schemas/problem';
import type { DayClosures } from '../dayClosures';
import { sendProblem } from '../problems';
import { decodeCursor, pageLinks } from '../paging';

const link = z.object({ href: z.string(), method: z.string(), templated: z.boolean() });
const errors = { 400: problem, 401: problem, 403: problem, 409: problem };

const CONFLICTS = {
  otherTouchpoint: ['This closeId is already used by another touchpoint.', 'the closeId belongs to another touchpoint'],
  otherBody: ['This closeId is stored with another body: a close is never changed.', 'the close stored under this closeId differs'],
  dayTaken: ['This touchpoint’s business day is already closed by another close.', 'the business day is already closed by this close'],
} as const;

/**
 * Day closes (issue 11, docs/api.md §10.4): a counter's Z reports reach the central like its
 * orders, so a store's figures survive the loss of a counter. Channels only (a customer has
 * none); a close is stored under the caller's touchpoint, once per close id and per business
 * day, and answered with the central's own figures of that day.
 */
export const dayClosureRoutes =
  (closures: DayClosures): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dayclosures',
      {
        schema: {
          summary:
            'Store a counter’s day close (Z report): one per touchpoint and business day; the same close sent again answers the stored one',
          body: dayClosureInput,
          response: { 200: reconciledDayClosure, 201: reconciledDayClosure, ...errors },
        },
      },
      async (req, reply) => {
        if (req.caller.customerProfileId !== null) return sendProblem(reply, 403, 'A customer token may not send day closes.');
        const problems = closures.problems(req.body);
        if (problems.length > 0) return sendProblem(reply, 400, 'See errors for what does not add up.', problems);
        const stored = await closures.put(req.body, req.caller.touchpointId);
        if ('conflict' in stored) {
          const [detail, element] = CONFLICTS[stored.conflict];
          const pointer = stored.conflict === 'dayTaken' ? '/businessDate' : '/closeId';
          return sendProblem(reply, 409, `${detail} Stored: ${stored.closeId}.`, [{ detail: element, pointer, closeId: stored.closeId }]);
        }
        return reply.code(stored.created ? 201 : 200).send(stored.closure);
      },
    );

    app.get(
      '/dayclosures',
      {
        config: { operatorWithoutTouchpoint: true },
        schema: {
          summary:
            'List a touchpoint’s day closes (default the caller’s) in (businessDate, closeId) order; mismatch=true: those whose figures differ from the central’s (an operator token: of every touchpoint)',
          querystring: dayClosureQuery,
          response: {
            200: z.object({
              dayClosures: z.array(reconciledDayClosure),
              _links: z.object({ self: link, next: link.optional() }),
              href: z.string(),
            }),
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
        const mismatch = req.query.mismatch === 'true';
        const touchpointId = whoseClosures(req.query.touchpointId, req.caller.touchpointId, req.operator, mismatch);
        if (touchpointId === 'forbidden') {
          return sendProblem(reply, 403, 'Only an operator token lists other touchpoints’ closes that do not match.', [
            { detail: 'another touchpoint', pointer: '/touchpointId' },
          ]);
        }
        if (touchpointId === 0) return sendProblem(reply, 403, 'An operator token without a touchpoint lists only mismatch=true.');
        const page = await closures.list(touchpointId, req.query.businessDateFrom, req.query.limit, after, mismatch);
        return { dayClosures: page.rows, ...pageLinks(req.url, page.next, false) };
      },
    );
  };

/**
 * Whose closes a list reads (docs/api.md §10.4): reads are open to every touchpoint, like
 * orders, but the mismatch list is a touchpoint's own, or every touchpoint's (null) for an
 * operator who names none.
 */
function whoseClosures(asked: number | undefined, own: number, operator: boolean, mismatch: boolean): number | null | 'forbidden' {
  if (!mismatch) return asked ?? own;
  if (operator) return asked ?? null;
  return asked === undefined || asked === own ? own : 'forbidden';
}
