import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { order } from '../../shared/schemas/order';
import { customerInput, orderIdParams } from '../../shared/schemas/requests';
import type { OrderService } from '../../domain/service';
import { answer, errors } from './orders';

/** An order's steps beyond its lines: the billing customer, delivery and cancellation (docs/api.md §4, §7.2). */
export const orderStepRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/orders/:orderId/customer',
      {
        schema: { summary: 'Set the order customer', params: orderIdParams, body: customerInput, response: { 200: order, ...errors } },
      },
      async (req, reply) => answer(reply, await service.setCustomer(req.params.orderId, req.body, req.caller)),
    );

    app.post(
      '/orders/:orderId/delivery',
      {
        schema: { summary: 'Deliver a paid order', params: orderIdParams, response: { 200: order, ...errors } },
      },
      async (req, reply) => answer(reply, await service.deliver(req.params.orderId, req.caller)),
    );

    app.post(
      '/orders/:orderId/cancellation',
      {
        schema: {
          summary: 'Cancel an order that holds no settled money; its pending payments are cancelled with it',
          params: orderIdParams,
          response: { 200: order, ...errors },
        },
      },
      async (req, reply) => answer(reply, await service.cancel(req.params.orderId, req.caller)),
    );
  };
