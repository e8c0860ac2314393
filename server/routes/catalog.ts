import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { language, paymentMethod, touchPoint } from '../../shared/schemas/order';
import { product } from '../../shared/schemas/reference';
import type { OrderService } from '../../domain/service';
import { errors } from './orders';

/** The reference data a counter caches: the catalogue with its rules, and the rest (docs/api.md §4). */
export const catalogRoutes =
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
  };
