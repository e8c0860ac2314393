import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { MAX_BODY_BYTES } from '../shared/enums';
import type { OrderService } from '../domain/service';
import type { CardService } from '../domain/cardService';
import { cardRoutes, refundQuoteRoutes } from './routes/cards';
import { authenticate, type Verifiers } from './caller';
import { clientErrorHandler, drainRefusedBody } from './clientErrors';
import { problemBody, sendProblem, validationErrors, type ProblemStatus } from './problems';
import type { DayClosures } from './dayClosures';
import { dayClosureRoutes } from './routes/dayClosures';
import { deletedRoutes } from './routes/deleted';
import { catalogRoutes } from './routes/catalog';
import { saleBatchRoutes } from './routes/saleBatches';
import { moneyRoutes } from './routes/money';
import { orderStepRoutes } from './routes/orderSteps';
import { lookupRoutes } from './routes/lookup';
import { orderRoutes } from './routes/orders';
import { fleetRoutes } from './routes/fleet';
import type { Fleet } from './fleet';
import type { SupportBundles } from './supportBundles';
import { openApiOptions } from './openapi';
import { opsRoutes, shedLoad, type Ops } from './ops';

export interface AppOptions {
  service: OrderService;
  /** The card operations (docs/api.md §12); their catalogue is the service's. */
  cards: CardService;
  dayClosures: DayClosures;
  fleet: Fleet;
  /** Where the counters' uploaded support bundles are kept (docs/api.md §11.6). */
  supportBundles: SupportBundles;
  verifiers: Verifiers;
  logger: Logger | false;
  orderBase?: string;
  lookupBase?: string;
  /**
   * docs/api.md §11.3: the metrics (false: none) and readiness; `serveHere` puts /livez, /readyz
   * and /metrics on this app (else they are on --ops-port); requests are shed while the event
   * loop's mean lag over a second exceeds `maxEventLoopDelayMs` (default MAX_EVENT_LOOP_DELAY_MS; 0: never).
   */
  ops: Ops & { serveHere: boolean; maxEventLoopDelayMs?: number };
}

/**
 * The event loop's mean lag over a second beyond which requests are shed with 503 and
 * Retry-After. A central that saturates both cores in the benchmark lags a few milliseconds; a
 * second without a turn of the loop reads as an infinite lag.
 */
export const MAX_EVENT_LOOP_DELAY_MS = 1000;

// 503: shed load (ops.ts), its Retry-After already set.
const PROBLEM_STATUSES = new Set([400, 401, 403, 404, 405, 409, 413, 415, 503]);

/** How deep a JSON body may nest: far beyond any request of the interface, far below what JSON.stringify survives. */
const MAX_BODY_DEPTH = 32;

/** Whether a JSON value nests deeper than `max`; it looks no deeper than that, so a hostile body costs little. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max === 0) return true;
  // for...in, not Object.values(...).some: no array and no closure per object of every body.
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], max - 1)) return true;
  return false;
}

/**
 * The central order service's HTTP face. Request schemas are zod (validated by Fastify and
 * turned into the OpenAPI document); answers are serialised as they are, their schemas
 * serve the documentation and the contract tests.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { service, verifiers } = options;
  const orderBase = options.orderBase ?? '/api/2.0';
  const lookupBase = options.lookupBase ?? '/crud/v1';
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: MAX_BODY_BYTES,
    // Our own one-line access log names the route, never its ids, query or headers.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify's own 503 while closing is not a problem body; the onRequest hook below answers it.
    return503OnClosing: false,
    // A malformed path (bad percent-encoding, an over-long id) is bad input like any other:
    // without this Fastify answers it with its own body instead of a problem (docs/api.md §5).
    frameworkErrors: (error, _req, reply) => sendProblem(reply, 400, error.message),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Fastify reads text/plain bodies by default; this service takes JSON only (415 otherwise).
  app.removeContentTypeParser('text/plain');

  // Clients often send a JSON content type with a bodyless DELETE or POST: an empty body is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(req, body as string, (error, value) => {
      // A value nested thousands deep parses, but storing or answering it overflows the stack (a 500).
      if (!error && nestsDeeperThan(value, MAX_BODY_DEPTH)) {
        return done(Object.assign(new Error(`The body may nest at most ${MAX_BODY_DEPTH} levels deep.`), { statusCode: 400 }));
      }
      done(error, value);
    });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(fastifySwagger, openApiOptions);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Hooks on every request take a callback, not async: no promise per request (bench/README, "The CI's read budget").
  app.addHook('onRequest', (_req, reply, done) => {
    if (closing) sendProblem(reply.header('connection', 'close'), 503, 'The service is shutting down; try again shortly.');
    else done();
  });

  // Without a logger there is no access log to build.
  if (options.logger) {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        { method: req.method, route: req.routeOptions.url ?? 'unknown', status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
      done();
    });
  }

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error.validation) {
      return sendProblem(reply, 400, 'See errors for what is wrong.', validationErrors(error.validation, error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (PROBLEM_STATUSES.has(status)) {
      if (status === 413) drainRefusedBody(req, reply);
      const detail =
        status === 413
          ? `The body may be at most ${req.routeOptions.bodyLimit ?? MAX_BODY_BYTES} bytes.`
          : status === 415
            ? 'Send the body as application/json.'
            : error.message;
      return sendProblem(reply, status as ProblemStatus, detail);
    }
    // Logged without the request: only the route and the error.
    req.log.error({ route: req.routeOptions.url, err: { message: error.message, stack: error.stack } }, 'request failed');
    return reply.code(500).type('application/json').send(problemBody(500, 'Something went wrong on our side; the request may be retried.'));
  });
  app.setNotFoundHandler((req, reply) => sendProblem(reply, 404, `There is no ${req.method} ${req.url.split('?')[0]}.`));

  const maxLag = options.ops.maxEventLoopDelayMs ?? MAX_EVENT_LOOP_DELAY_MS;
  if (maxLag > 0) await shedLoad(app, maxLag);
  if (options.ops.metrics) options.ops.metrics.track(app, `${orderBase}/orders`);
  if (options.ops.serveHere) await app.register(opsRoutes(options.ops));

  app.get(`${orderBase}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (orders) => {
      // A write may sell on a card, so it sees the cards as they are now (docs/api.md §12.1); a read of
      // orders reads no card's status and skips that query on the hot read path.
      // A callback hook: a read passes without a promise (bench/README, "The CI's read budget").
      orders.addHook('onRequest', (req, _reply, done) => {
        if (req.method === 'GET' || req.method === 'HEAD') return done();
        options.cards.refresh().then(() => done(), done);
      });
      orders.addHook('onRequest', authenticate(verifiers, service.catalog, true));
      await orders.register(orderRoutes(service));
      await orders.register(catalogRoutes(service));
      await orders.register(orderStepRoutes(service));
      await orders.register(moneyRoutes(service));
      await orders.register(saleBatchRoutes(service));
      await orders.register(deletedRoutes(service));
      await orders.register(dayClosureRoutes(options.dayClosures));
      await orders.register(refundQuoteRoutes(options.cards));
    },
    { prefix: orderBase },
  );

  // Enrolment and heartbeats have tokens of their own (docs/api.md §11.1): not the order interface's hook.
  await app.register(fleetRoutes(options.fleet, service.catalog, verifiers, options.supportBundles), { prefix: orderBase });

  await app.register(
    async (lookup) => {
      lookup.addHook('onRequest', options.cards.refresh);
      lookup.addHook('onRequest', authenticate(verifiers, service.catalog, false));
      await lookup.register(lookupRoutes(service.catalog));
      await lookup.register(cardRoutes(options.cards));
    },
    { prefix: lookupBase },
  );

  return app as unknown as FastifyInstance;
}
