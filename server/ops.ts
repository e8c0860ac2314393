import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderStore } from '../domain/store/types';
import type { CentralMetrics } from './metrics';
import { sendProblem } from './problems';

/**
 * The operations endpoints (docs/api.md §11.3), outside both interfaces and without a token:
 * `/livez`, `/readyz` and `/metrics`; and load shedding when the event loop lags.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler: answering nothing lets the request through. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => Promise<void> | void;
  }
}

/** How long /readyz waits for the database before it says not ready. */
const READY_TIMEOUT_MS = 2000;

export interface Ops {
  metrics: CentralMetrics | false;
  ready: () => Promise<boolean>;
}

/** Whether the store answers, with its migrations current, within READY_TIMEOUT_MS. */
export function readiness(store: OrderStore, timeoutMs = READY_TIMEOUT_MS): () => Promise<boolean> {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([store.ready().then(() => true as const), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The process is alive and the monitoring wants to see it: never shed. */
const letThrough = { pressureHandler: () => undefined };

export const opsRoutes =
  ({ metrics, ready }: Ops): FastifyPluginAsync =>
  async (app) => {
    app.get('/livez', { schema: { hide: true }, config: letThrough }, async () => ({ status: 'live' }));
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) =>
      (await ready()) ? { status: 'ready' } : sendProblem(reply, 503, 'The database does not answer, or its migrations are not current.'),
    );
    if (metrics) {
      app.get('/metrics', { schema: { hide: true }, config: letThrough }, async (_req, reply) =>
        reply.type(metrics.registry.contentType).send(await metrics.text()),
      );
    }
  };

/** Seconds a shed request is told to wait (Retry-After). */
export const SHED_RETRY_AFTER_SECONDS = 10;

class Overloaded extends Error {
  readonly statusCode = 503;
  constructor() {
    super('The service is overloaded; try again after the Retry-After seconds.');
  }
}

/** Answers 503 with Retry-After while the event loop lags more than `maxEventLoopDelayMs` (the error handler makes it a problem body). */
export async function shedLoad(app: FastifyInstance, maxEventLoopDelayMs: number) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: SHED_RETRY_AFTER_SECONDS,
    customError: Overloaded,
  });
}
