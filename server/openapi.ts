import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { problem } from '../shared/schemas/problem';

/**
 * The OpenAPI document served at /api/2.0/openapi.json (docs/api.md §1): its info, servers and
 * licence, and a transform that gives every route, whoever registers it, an operationId and
 * the statuses the app's own hooks can answer on it besides those its handler declares.
 * `npx @redocly/cli lint` checks it clean (openapi.test.ts).
 */

type Schema = FastifySchema & { hide?: boolean; operationId?: string; security?: unknown[]; response?: Record<string | number, unknown> };

/** Answered on any route (app.ts): 400 a malformed path, query or body; 500 a failure of ours; 503 load shed or shutting down. */
const ANY_ROUTE = [400, 500, 503];
/** Answered where a body is read: 413 beyond the body limit, 415 not JSON. */
const WITH_BODY = [413, 415];
/** Answered by the token hook (caller.ts, fleetAuth.ts): 401 no or a bad token, 403 a token not allowed here. */
const WITH_TOKEN = [401, 403];

// Fastify reads a body on DELETE too (a DELETE sent with a body of another type answers 415).
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `GET /api/2.0/orders/{orderId}/payments` → `getOrdersByOrderIdPayments`: unique per method and path, stable as routes are added. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/(api\/2\.0|crud\/v1)/, (_, base: string) => (base === 'crud/v1' ? '/lookup' : ''))
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^[:{]([^}]+)}?$/.exec(part);
      return param ? `by-${param[1]}` : part;
    })
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The statuses the app can answer on a route beyond its handler's: a problem body each. */
export function commonStatuses(method: string, secured: boolean): number[] {
  return [...ANY_ROUTE, ...(BODY_METHODS.has(method) ? WITH_BODY : []), ...(secured ? WITH_TOKEN : [])];
}

const transform: FastifyDynamicSwaggerOptions['transform'] = (input) => {
  const schema = (input.schema ?? {}) as Schema;
  if (schema.hide) return jsonSchemaTransform(input);
  const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method);
  const secured = !(Array.isArray(schema.security) && schema.security.length === 0);
  const response: Record<string | number, unknown> = { ...schema.response };
  for (const status of commonStatuses(method, secured)) response[status] ??= problem;
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, input.url), response } as FastifySchema,
  });
};

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Counter central order service',
      version: '1.0.0',
      description:
        'The order interface (base /api/2.0) and the lookup interface (base /crud/v1), with the extensions a counter needs. Money is in euro cents; problem bodies follow docs/api.md §0.7. ' +
        "Every write to an order needs a bearer token of the order's touchpoint (else 403); a token whose scope claim holds payments:status may record payment outcomes of any touchpoint. " +
        "With a customer JWT only that customer's orders, tokens and mandates exist. One order has at most 100 lines and 8 MiB of photos. " +
        "A token whose scope holds operator lists every touchpoint's day closes that differ from the central's figures (GET /dayclosures?mismatch=true).",
      license: { name: 'Proprietary: the operator’s own service, not for redistribution', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the paths hold their bases, and the document is served by the central it describes.
    servers: [{ url: '/', description: 'The central that serves this document' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        customer: { type: 'apiKey', in: 'header', name: 'X-OPERATOR-JWT-AUTH-HEADER' },
      },
    },
    // A bearer token, with or without a customer's JWT beside it (docs/api.md §2).
    security: [{ bearer: [] }, { bearer: [], customer: [] }],
  },
  transform,
};
