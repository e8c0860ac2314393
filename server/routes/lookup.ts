import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problem } from '../../shared/schemas/problem';
import { mandateList, transitTokenList } from '../../shared/schemas/reference';
import { mandateQuery, transitTokenQuery } from '../../shared/schemas/requests';
import type { Catalog } from '../../domain/catalog';
import { findMandates, findTransitTokens, forCustomer } from '../../domain/lookup';

const errors = { 400: problem, 401: problem };

/** docs/api.md §0.4: the read-only lookup interface. */
export const lookupRoutes =
  (catalog: () => Catalog): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/transittokens',
      {
        schema: { summary: 'Find transit tokens', querystring: transitTokenQuery, response: { 200: transitTokenList, ...errors } },
      },
      async (req) => {
        const url = new URL(req.url, 'http://localhost');
        const transitTokens = forCustomer(findTransitTokens(catalog(), req.query), req.caller.customerProfileId);
        return { transitTokens, href: url.pathname + url.search };
      },
    );

    app.get(
      '/directdebitmandates',
      {
        schema: { summary: 'Find direct-debit mandates', querystring: mandateQuery, response: { 200: mandateList, ...errors } },
      },
      async (req) => forCustomer(findMandates(catalog(), req.query), req.caller.customerProfileId),
    );
  };
