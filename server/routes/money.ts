import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { order } from '../../shared/schemas/order';
import { problem } from '../../shared/schemas/problem';
import { orderIdParams, paymentIdParams, paymentInput, paymentStatusInput, refundInput } from '../../shared/schemas/requests';
import type { OrderService } from '../../domain/service';
import { answer, errors } from './orders';

/** Money on an order: payments, refunds and their outcomes, each answering the whole Order (docs/api.md §4, §7). */
export const moneyRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/orders/:orderId/payments',
      {
        schema: {
          summary: 'Add a payment (the order must be valid, or lack only a mandate this payment brings)',
          description:
            'operatorPaymentReference is unique within the order, payments and refunds alike: a repeat changes nothing and answers 409, the element carrying the existing paymentId.',
          params: orderIdParams,
          body: paymentInput,
          response: { 200: order, 409: problem, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.addPayment(req.params.orderId, req.body, req.caller)),
    );

    app.post(
      '/orders/:orderId/refunds',
      {
        schema: {
          summary: 'Give money back (a payment with isRefund: true); a full refund of a paid or delivered order cancels it',
          description:
            'At most the settled money not yet refunded or promised back; a reason is required. SETTLED by default, PENDING for a refund still to be executed. Only the touchpoint that owns the order. ' +
            "A return by line names its lines (lines: [{orderLineId, quantity}]): each line at most as often as it is left (quantity less its returnedQuantity), the amount at most the lines' share (amountInclTax × quantity ÷ the line's quantity, in whole cents); each line's returnedQuantity counts its settled and pending refunds. " +
            'operatorPaymentReference is unique within the order, payments and refunds alike: a repeat changes nothing and answers 409, the element carrying the existing paymentId.',
          params: orderIdParams,
          body: refundInput,
          response: { 200: order, 409: problem, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.refund(req.params.orderId, req.body, req.caller)),
    );

    app.post(
      '/payments/:paymentId/status',
      {
        schema: {
          summary: 'Record the outcome of a pending payment or refund (owner, or a token with scope payments:status)',
          params: paymentIdParams,
          body: paymentStatusInput,
          response: { 200: order, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.paymentStatus(req.params.paymentId, req.body, req.caller)),
    );
  };
