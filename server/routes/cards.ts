import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  blockInput,
  cardEvents,
  refundQuote,
  refundQuoteQuery,
  replacementAnswer,
  replacementInput,
  runningProducts,
  transitTokenIdParams,
  unblockInput,
} from '../../shared/schemas/cards';
import { problem } from '../../shared/schemas/problem';
import { transitTokenRecord } from '../../shared/schemas/reference';
import { orderLineIdParams } from '../../shared/schemas/requests';
import type { Answer, CardCaller, CardService } from '../../domain/cardService';
import type { Result } from '../../domain/result';
import { sendRefusal } from '../problems';

/** A card read may answer these (docs/api.md §12): bad input, no valid token, an unknown card or another customer's. */
const readErrors = { 400: problem, 401: problem, 404: problem };
/** A write besides: not a counter's or an operator's token (403), a conflict (409), a body too large or not JSON. */
const writeErrors = { ...readErrors, 403: problem, 409: problem, 413: problem, 415: problem };
/** The order interface's quote: its token must name an active touchpoint (403). */
const quoteErrors = { ...readErrors, 403: problem };

const callerOf = (req: FastifyRequest): CardCaller => ({ ...req.caller, operator: req.operator });

function send(reply: FastifyReply, result: Result<Answer>) {
  return result.ok ? reply.code(result.value.status).send(result.value.body) : sendRefusal(reply, result.refusal);
}

const REPEATS =
  'A repeat with the same requestId and body answers what the first answered and changes nothing; the same requestId with another body is 409. ' +
  "A customer JWT reaches only that customer's cards (another's: 404); writes need an active touchpoint's token or an operator's (else 403).";

/** docs/api.md §12: block, unblock, replace a card; what runs on it; its events. */
export const cardRoutes =
  (cards: CardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/transittokens/:transitTokenId/block',
      {
        schema: {
          operationId: 'blockTransitToken',
          summary: 'Block a card (lost, stolen, defective, other): active or inactive becomes suspended',
          description: `A card already suspended answers 200 unchanged; expired, replaced or removed: 409 naming its tokenStatusId. ${REPEATS}`,
          params: transitTokenIdParams,
          body: blockInput,
          response: { 200: transitTokenRecord, ...writeErrors },
        },
      },
      async (req, reply) => send(reply, await cards.block(req.params.transitTokenId, req.body, callerOf(req))),
    );

    app.post(
      '/transittokens/:transitTokenId/unblock',
      {
        schema: {
          operationId: 'unblockTransitToken',
          summary: 'Unblock a card that was found: a card suspended by a block becomes active',
          description: `Any other status, or a card suspended otherwise than by a block: 409. ${REPEATS}`,
          params: transitTokenIdParams,
          body: unblockInput,
          response: { 200: transitTokenRecord, ...writeErrors },
        },
      },
      async (req, reply) => send(reply, await cards.unblock(req.params.transitTokenId, req.body, callerOf(req))),
    );

    app.post(
      '/transittokens/:transitTokenId/replacement',
      {
        schema: {
          operationId: 'replaceTransitToken',
          summary: 'Issue a replacement card: products and e-purse move to the new card, the old one becomes replaced',
          description:
            'The old card must be active or suspended (else 409); a pass number any card has: 409; tokenTypeId 2 or 3 (1: 400). ' +
            "fee: {orderId} of a paid or delivered order of the caller's touchpoint with a line of the replacement fee product, not refunded (else 400) and not used by another replacement (409), or {waived: reason}. " +
            `Two replacements of one card at once: one 201, the other 409. ${REPEATS}`,
          params: transitTokenIdParams,
          body: replacementInput,
          response: { 201: replacementAnswer, ...writeErrors },
        },
      },
      async (req, reply) => send(reply, await cards.replace(req.params.transitTokenId, req.body, callerOf(req))),
    );

    app.get(
      '/transittokens/:transitTokenId/events',
      {
        schema: {
          operationId: 'listTransitTokenEvents',
          summary: "A card's events, oldest first (blocked, unblocked, replaced, replaces, products and e-purse moved)",
          params: transitTokenIdParams,
          response: { 200: cardEvents, ...readErrors },
        },
      },
      async (req, reply) => send(reply, wrap(await cards.events(req.params.transitTokenId, req.caller))),
    );

    app.get(
      '/transittokens/:transitTokenId/products',
      {
        schema: {
          operationId: 'listTransitTokenProducts',
          summary: 'What runs on a card: lines of paid or delivered orders, not returned, not ended, sold on it or moved onto it',
          params: transitTokenIdParams,
          response: { 200: runningProducts, ...readErrors },
        },
      },
      async (req, reply) => send(reply, wrap(await cards.products(req.params.transitTokenId, req.caller))),
    );
  };

/** A read's result as a 200 answer. */
const wrap = <T>(result: Result<T>): Result<Answer> => (result.ok ? { ok: true, value: { status: 200, body: result.value } } : result);

/** docs/api.md §12.4: the quote for ending a season product early (order interface). */
export const refundQuoteRoutes =
  (cards: CardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orderlines/:orderLineId/refundquote',
      {
        schema: {
          operationId: 'getRefundQuote',
          summary: 'The refund quote for ending a season product early, on a day (default today, Europe/Amsterdam)',
          description:
            'For a line of a product valid for at least 28 days, in a paid or delivered order, not returned; other lines: 400 naming why. ' +
            "Days are calendar days in Europe/Amsterdam. A customer JWT reaches only that customer's orders (another's: 404).",
          params: orderLineIdParams,
          querystring: refundQuoteQuery,
          response: { 200: refundQuote, ...quoteErrors },
        },
      },
      async (req, reply) => send(reply, wrap(await cards.quote(req.params.orderLineId, req.query.on, req.caller))),
    );
  };
