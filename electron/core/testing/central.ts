import { join } from 'node:path';
import { orderList, type Order } from '../../../shared/schemas/order';
import { signChannelToken } from '../../../server/auth';
import { startCentral, type Central } from '../../../server/central';
import { spawnTsx, type Spawned } from './processes';

/** The channel secret the tests' centrals run with, so tokens outlive a central's restart. */
export const TEST_SECRET = 'counter-core-tests-channel-secret-0123456789';
/** The touchpoint of the demo data's first active counter (the counter's default). */
export const TOUCHPOINT = 10;

export const counterToken = (touchpointId = TOUCHPOINT) => signChannelToken(TEST_SECRET, { sub: 'counter', touchpointId }, '1h');

/**
 * The central order service in this process, on `central.sqlite` in `dir`, taking counterToken()'s
 * tokens. It sheds no load: it shares its event loop with the counter under test, whose
 * synchronous disk writes on a busy machine would otherwise look like an overloaded central
 * (load shedding has its own tests, server/ops.http.test.ts).
 */
export function startTestCentral(dir: string, clock?: () => Date): Promise<Central> {
  return startCentral({
    db: join(dir, 'central.sqlite'),
    port: 0,
    jwtSecret: TEST_SECRET,
    maxEventLoopDelayMs: 0,
    ...(clock ? { clock } : {}),
  });
}

/**
 * The central order service as its own process (`server/cli.ts`), on a chosen port and
 * database file so that it can be stopped, killed and started again where it was. Its
 * stdout (the start lines and a JSON log line per request) can be awaited line by line.
 */
export class CentralProcess {
  private process: Spawned | null = null;
  readonly url: string;

  constructor(readonly options: { port: number; db: string }) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  get out() {
    if (!this.process) throw new Error('the central is not running');
    return this.process.out;
  }

  get running() {
    return this.process !== null;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    if (this.process) throw new Error('the central runs already');
    const spawned = spawnTsx('server/cli.ts', ['--port', String(this.options.port), '--db', this.options.db], {
      CENTRAL_JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'info',
    });
    this.process = spawned;
    try {
      const line = await spawned.out.waitFor((l) => l.startsWith('listening on '), timeoutMs, "the central's 'listening on' line");
      if (line !== `listening on ${this.url}`) throw new Error(`the central says "${line}", expected ${this.url}`);
    } catch (error) {
      this.process = null;
      await spawned.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\nstderr: ${spawned.stderr()}`, { cause: error });
    }
  }

  /** Stops it (SIGTERM: a clean stop; SIGKILL: a crash) and waits until the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const spawned = this.process;
    if (!spawned) return { code: null, signal: null };
    this.process = null;
    return spawned.kill(signal);
  }

  /** Waits for the central's log line of a request: `POST /api/2.0/orders 201` and the like. */
  waitForRequest(method: string, route: string, timeoutMs = 30_000): Promise<string> {
    return this.out.waitFor(
      (line) => {
        if (!line.startsWith('{')) return false;
        try {
          const entry = JSON.parse(line) as { msg?: string; method?: string; route?: string };
          return entry.msg === 'request' && entry.method === method && entry.route === route;
        } catch {
          return false;
        }
      },
      timeoutMs,
      `a ${method} ${route} request`,
    );
  }
}

export interface CentralCall<T = unknown> {
  status: number;
  body: T;
}

/** One request to a central's order interface (not through any proxy). */
export async function centralCall<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<CentralCall<T>> {
  const response = await fetch(`${baseUrl}/api/2.0${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Every order a central holds for a touchpoint, read page by page through `_links.next`. */
export async function centralOrders(baseUrl: string, token: string, touchpointId = TOUCHPOINT, pageSize = 100): Promise<Order[]> {
  const orders: Order[] = [];
  let path: string | null = `/orders?touchpointId=${touchpointId}&limit=${pageSize}`;
  for (let page = 0; path; page++) {
    if (page > 10_000) throw new Error('the central keeps sending next pages');
    const answer: CentralCall = await centralCall(baseUrl, token, 'GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const list = orderList.parse(answer.body);
    orders.push(...list.orders);
    const next: string | undefined = list._links.next?.href;
    path = next ? next.replace(/^\/api\/2\.0/, '') : null;
  }
  return orders;
}
