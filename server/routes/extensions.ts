import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { order } from '../../shared/schemas/order';
import { problem } from '../../shared/schemas/problem';
import { product } from '../../shared/schemas/reference';
import {
  customerInput,
  orderIdParams,
  paymentIdParams,
  paymentInput,
  paymentStatusInput,
  refundInput,
} from '../../shared/schemas/requests';
import { language, paymentMethod, touchPoint } from '../../shared/schemas/order';
import type { OrderService } from '../../domain/service';
import { answer } from './orders';

const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/** CONTRACT 4: what a counter needs beyond interface.md, each answering the whole Order. */
export const extensionRoutes =
  (service: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/products',
      {
        schema: { summary: 'The catalogue with its rules', response: { 200: z.object({ products: z.array(product) }), ...errors } },
      },
      async () => ({ products: service.catalog().data.products }),
    );

    app.get(
      '/referencedata',
      {
        schema: {
          summary: 'Languages, touchpoints, devices and payment methods (for a counter to cache)',
          response: {
            200: z.object({
              languages: z.array(language),
              touchpoints: z.array(touchPoint),
              devices: z.array(z.object({ externalDeviceId: z.string(), alias: z.string().nullable() })),
              paymentMethods: z.array(paymentMethod),
            }),
            ...errors,
          },
        },
      },
      async () => {
        const { languages, touchpoints, devices, paymentMethods } = service.catalog().data;
        return { languages, touchpoints, devices, paymentMethods };
      },
    );

    app.put(
      '/orders/:orderId/customer',
      {
        schema: { summary: 'Set the order customer', params: orderIdParams, body: customerInput, response: { 200: order, ...errors } },
      },
      async (req, reply) => answer(reply, await service.setCustomer(req.params.orderId, req.body, req.caller)),
    );

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
