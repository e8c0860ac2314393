import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedOrderList, deletedOrderQuery } from '../../shared/schemas/deleted';
import { problem } from '../../shared/schemas/problem';
import type { OrderService } from '../../domain/service';
import { sendProblem } from '../problems';
import { decodeCursor, pageLinks } from '../paging';

/** docs/api.md §8: deletions are visible, so a counter holding a copy of an order deleted elsewhere drops it. */
export const deletedRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/deletedorders',
      {
        // docs/api.md §11.7: an operator's token reads the deletions too.
        config: { operatorWithoutTouchpoint: true },
        schema: {
          summary: 'List deleted orders in (deletedOn, orderId) order (paged like GET /orders with updatedAfter)',
          querystring: deletedOrderQuery,
          response: { 200: deletedOrderList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (req, reply) => {
        // The deletions are ordered as GET /orders orders changes: its cursors are of the same kind.
        const after = decodeCursor(req.query.cursor, true);
        if (after === 'invalid') {
          return sendProblem(reply, 400, 'See errors for what is wrong.', [
            { detail: 'the cursor is not one this service gave out for this query', pointer: '/cursor' },
          ]);
        }
        const page = await service.deleted(req.query, req.caller, after);
        return { deletedOrders: page.rows, ...pageLinks(req.url, page.next, true) };
      },
    );
  };
