import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saleBatchAnswer, saleBatchInput, saleInput, type SaleResult } from '../../shared/schemas/saleBatch';
import type { Caller, OrderService } from '../../domain/service';
import type { Result } from '../../domain/result';
import type { Order } from '../../shared/schemas/order';
import { refusalProblem } from '../problems';
import { errors } from './orders';

/**
 * One sale through the very operations its single requests reach (create, each payment,
 * delivery): the same rules (domain/), the same group commit per step, so an answered sale is
 * durable. The first refusal ends the sale and is its answer; the steps before it stay, as
 * they would after the same requests one by one (docs/api.md §4, §8).
 */
async function oneSale(service: OrderService, sale: z.output<typeof saleInput>, caller: Caller): Promise<SaleResult> {
  let result: Result<Order> = await service.create(sale.order, caller);
  for (const payment of sale.payments) {
    if (!result.ok) break;
    result = await service.addPayment(result.value.orderId, payment, caller);
  }
  if (result.ok && sale.deliver) result = await service.deliver(result.value.orderId, caller);
  return result.ok ? { status: 200, order: result.value } : refusalProblem(result.refusal);
}

/** docs/api.md §4: many offline sales in one request, each answered on its own. */
export const saleBatchRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/salebatches',
      {
        schema: {
          summary: 'Upload whole offline sales (create, payments, delivery), each answered on its own',
          description:
            'Each sale is carried out as its POST /orders, POST /orders/{orderId}/payments and POST /orders/{orderId}/delivery would be, ' +
            'and answered with the order (status 200) or the problem of the first request refused (status and problem); one refused sale does not stop the others. ' +
            'A repeated externalOrderId answers 409, its element carrying the existing orderId, as POST /orders does.',
          body: saleBatchInput,
          response: { 200: saleBatchAnswer, ...errors },
        },
      },
      // The sales run side by side, so their writes share group commits as separate requests would.
      async (req, reply) =>
        reply.code(200).send({ results: await Promise.all(req.body.sales.map((sale) => oneSale(service, sale, req.caller))) }),
    );
  };
