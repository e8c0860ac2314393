import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saleBatchAnswer, saleBatchInput, saleInput, type SaleResult } from '../../shared/schemas/saleBatch';
import type { Caller, OrderService } from '../../domain/service';
import { oneAfterAnother } from '../../shared/oneAfterAnother';
import { refusalProblem } from '../problems';
import { errors } from './orders';

/**
 * One sale by the very rules its single requests follow (create, each payment, delivery:
 * OrderService.sale), written once and answered after its commit, so an answered sale is
 * durable. The first refusal ends the sale and is its answer; the steps before it stay, as
 * they would after the same requests one by one (docs/api.md §4, §8).
 */
async function oneSale(service: OrderService, sale: z.output<typeof saleInput>, caller: Caller): Promise<SaleResult> {
  const result = await service.sale(sale, caller);
  return result.ok ? { status: 200, order: result.value } : refusalProblem(result.refusal);
}

/**
 * Sales carried out side by side, sharing one group commit (one disk sync); the next slice waits
 * for that commit, and the event loop turns in between (the commit's own setImmediate). A
 * batch's 200 sales at once held the loop for a second and more on a busy machine: the central's
 * load shedding (ops.ts) then read the lag of the counter's own catch-up as overload and answered
 * its next batch, and every other request, 503 (bench/README.md, "A month offline").
 */
export const SALES_PER_TURN = 25;

/** Each sale's answer, in the batch's order, SALES_PER_TURN sales at a time. */
async function allSales(service: OrderService, sales: z.output<typeof saleInput>[], caller: Caller): Promise<SaleResult[]> {
  const results: SaleResult[] = [];
  for (let from = 0; from < sales.length; from += SALES_PER_TURN) {
    results.push(...(await Promise.all(sales.slice(from, from + SALES_PER_TURN).map((sale) => oneSale(service, sale, caller)))));
  }
  return results;
}

/** docs/api.md §4: many offline sales in one request, each answered on its own. */
export const saleBatchRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    // A touchpoint's batches are carried out one after another, in the order they arrived: two at
    // once would take turns slice by slice and both be answered only at the end, while one after
    // another each is answered as soon as it is written and the counter sends its next.
    const inTurn = oneAfterAnother<number>();
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
      // A slice's sales run side by side, so their writes share a group commit: one transaction,
      // each sale in a savepoint of its own, undone alone if it fails (domain/store/*/groupCommit.ts).
      async (req, reply) =>
        reply.code(200).send({ results: await inTurn(req.caller.touchpointId, () => allSales(service, req.body.sales, req.caller)) }),
    );
  };
