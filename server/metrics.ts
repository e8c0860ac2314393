import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The central's Prometheus metrics (docs/api.md §11.3), on a registry of its own (a process may
 * run several centrals: the tests, the counter's embedded one). Labels are the method, the
 * route as templated and the status: never an id, token, code or personal data.
 */
export class CentralMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, templated route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method and templated route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly ordersCreated = new Counter({
    name: 'central_orders_created_total',
    help: 'Orders created (POST /orders answered 201).',
    registers: [this.registry],
  });
  private readonly batches = new Histogram({
    name: 'central_group_commit_batch_size',
    help: 'Writes committed together in one transaction of the order store.',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [this.registry],
  });
  /** Where the gauges read from when scraped (watch). */
  private readonly sources = { staleCounters: async () => 0, ready: async () => false };

  constructor() {
    const sources = this.sources;
    new Gauge({
      name: 'central_counters_stale',
      help: 'Enrolled counters whose last heartbeat reported a sale unsent for over 15 minutes, or that reported one and fell silent for 15 minutes.',
      registers: [this.registry],
      async collect() {
        // A database that does not answer: the count is unknown (NaN), and central_ready says why.
        this.set(await sources.staleCounters().catch(() => NaN));
      },
    });
    new Gauge({
      name: 'central_ready',
      help: '1 while /readyz would answer 200 (the database answers and its migrations are current), else 0.',
      registers: [this.registry],
      async collect() {
        this.set((await sources.ready()) ? 1 : 0);
      },
    });
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which promtool's lint refuses; nodejs_active_handles and its
    // kin (by type) say the same.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
      this.registry.removeSingleMetric(name);
    }
  }

  /** The order store's group commit reports each batch's size here. */
  observeBatch = (size: number) => this.batches.observe(size);

  /** Where the gauges read from when scraped. */
  watch(sources: { staleCounters: () => Promise<number>; ready: () => Promise<boolean> }) {
    Object.assign(this.sources, sources);
  }

  /**
   * The children of a method, route and status, made once: prom-client hashes a labels object
   * on every call otherwise (bench/README, "The CI's read budget"). Bounded: the methods are
   * HTTP's, the routes templated, the statuses the service's.
   */
  private readonly series = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();

  private seriesOf(method: string, route: string, status: number) {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = { count: this.requests.labels(method, route, String(status)), time: this.duration.labels(method, route) };
      this.series.set(key, series);
    }
    return series;
  }

  /** Counts and times every answer of `app`; a request that matched no route is labelled `unmatched`. */
  track(app: FastifyInstance, createOrderRoute: string) {
    // A callback hook, not async: no promise per request (bench/README, "The CI's read budget").
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      const series = this.seriesOf(req.method, route, reply.statusCode);
      series.count.inc();
      series.time.observe(reply.elapsedTime / 1000);
      if (reply.statusCode === 201 && req.method === 'POST' && route === createOrderRoute) this.ordersCreated.inc();
      done();
    });
  }

  text = () => this.registry.metrics();
}
