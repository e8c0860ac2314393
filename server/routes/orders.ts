import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { order, orderList } from '../../shared/schemas/order';
import { problem } from '../../shared/schemas/problem';
import {
  addOrderLineInput,
  createOrderInput,
  orderIdParams,
  orderLineIdParams,
  orderListQuery,
  patchOrderInput,
  patchOrderLineInput,
} from '../../shared/schemas/requests';
import type { OrderService } from '../../domain/service';
import type { Result } from '../../domain/result';
import type { FastifyReply } from 'fastify';
import { sendProblem, sendRefusal } from '../problems';
import { decodeCursor, pageLinks } from '../paging';

/** What an order operation may answer besides its success (docs/api.md §5); the other order routes share it. */
export const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

export function answer<T>(reply: FastifyReply, result: Result<T>, status = 200) {
  return result.ok ? reply.code(status).send(result.value) : sendRefusal(reply, result.refusal);
}

const ORDERS_HEAD = Buffer.from('{"orders":[');

/**
 * Writes a 200 JSON answer given as chunks of UTF-8 in one corked write (one writev), instead
 * of copying them into one buffer for reply.send (bench/README, "The CI's read budget"). The
 * reply is hijacked after its headers are known: the onResponse hooks (access log, metrics)
 * still run; no onSend hook is registered on this service.
 */
function sendChunks(reply: FastifyReply, chunks: Buffer[]) {
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  reply.hijack();
  const res = reply.raw;
  res.cork();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i]);
  // end() uncorks fully: headers and chunks leave together.
  res.end(chunks[chunks.length - 1]);
  return reply;
}

/** docs/api.md §0.4: the order interface's own operations. */
export const orderRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orders',
      {
        config: { operatorWithoutTouchpoint: true },
        schema: {
          summary: 'List orders (filters combine with AND; paged)',
          querystring: orderListQuery,
          response: { 200: orderList, ...errors },
        },
      },
      async (req, reply) => {
        const after = decodeCursor(req.query.cursor, req.query.updatedAfter !== undefined);
        if (after === 'invalid') {
          return sendProblem(reply, 400, 'See errors for what is wrong.', [
            { detail: 'the cursor is not one this service gave out for this query', pointer: '/cursor' },
          ]);
        }
        const page = await service.list(req.query, req.caller, after);
        const { _links, href } = pageLinks(req.url, page.next, req.query.updatedAfter !== undefined);
        // The orders are already JSON text as UTF-8: the envelope is put around them, nothing re-serialised, re-encoded or copied.
        return sendChunks(
          reply,
          page.body(ORDERS_HEAD, Buffer.from(`],"_links":${JSON.stringify(_links)},"href":${JSON.stringify(href)}}`)),
        );
      },
    );

    app.post(
      '/orders',
      {
        schema: {
          summary: 'Create an order in status concept',
          body: createOrderInput,
          response: { 201: order, 409: problem, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.create(req.body, req.caller), 201),
    );

    app.get(
      '/orders/:orderId',
      {
        // docs/api.md §11.7: an operator's token reads any order, and changes none.
        config: { operatorWithoutTouchpoint: true },
        schema: { summary: 'Read an order', params: orderIdParams, response: { 200: order, ...errors } },
      },
      async (req, reply) => answer(reply, await service.get(req.params.orderId, req.caller)),
    );

    app.patch(
      '/orders/:orderId',
      {
        schema: {
          summary: 'Change the language or device of an order',
          params: orderIdParams,
          body: patchOrderInput,
          response: { 200: order, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.patch(req.params.orderId, req.body, req.caller)),
    );

    app.delete(
      '/orders/:orderId',
      {
        schema: {
          summary: 'Delete an order (refused when pendingPayment, paid or delivered, or when it holds or ever held money)',
          params: orderIdParams,
          response: { 200: z.undefined().describe('no body'), ...errors },
        },
      },
      async (req, reply) => {
        const result = await service.remove(req.params.orderId, req.caller);
        return result.ok ? reply.code(200).send(undefined) : sendRefusal(reply, result.refusal);
      },
    );

    app.post(
      '/orders/:orderId/orderlines',
      {
        schema: {
          summary: 'Add an order line',
          description:
            'externalOrderLineId is unique within the order: a repeat changes nothing and answers 409, the element carrying the existing orderLineId.',
          params: orderIdParams,
          body: addOrderLineInput,
          response: { 200: order, 409: problem, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.addLine(req.params.orderId, req.body, req.caller)),
    );

    app.patch(
      '/orderlines/:orderLineId',
      {
        schema: {
          summary: 'Change an order line (present fields replace; customerTokens is an extension)',
          params: orderLineIdParams,
          body: patchOrderLineInput,
          response: { 200: order, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.patchLine(req.params.orderLineId, req.body, req.caller)),
    );

    app.delete(
      '/orderlines/:orderLineId',
      {
        schema: { summary: 'Remove an order line', params: orderLineIdParams, response: { 200: order, ...errors } },
      },
      async (req, reply) => answer(reply, await service.removeLine(req.params.orderLineId, req.caller)),
    );
  };
