import { EventEmitter } from 'node:events';
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { seededRandom } from './random';

/**
 * What happens to one request on its way through the proxy:
 * - `forward`: passed on, the answer passed back;
 * - `drop`: passed on and carried out by the central, but the answer never comes back
 *   (the client's connection is destroyed), so the client cannot know what happened;
 * - `reset`: the connection is destroyed before anything is passed on;
 * - `hold`: passed on and carried out, the answer is kept until `release()` (or dropped
 *   when the proxy closes);
 * - `fail`: not passed on; answered 500 with a problem body, as a central that breaks on it;
 * - `shed`: not passed on; answered 503 with Retry-After and a problem body, as a central
 *   shedding load (docs/api.md §11.3);
 * - `late`: kept, unanswered, until the client gives up on it (its timeout closes the
 *   connection); then passed on only when the same request comes again (the retry), just
 *   before that retry, so it lands after the retry's look-up and before the retry itself:
 *   the worst moment. `flushLate()` passes on those never retried.
 */
export type Fate = 'forward' | 'drop' | 'reset' | 'hold' | 'fail' | 'shed' | 'late';

/** What the proxy answers in the central's place: a central that breaks on a request, or sheds it. */
const PROBLEMS = {
  fail: {
    status: 500,
    headers: {},
    problem: { type: 'urn:counter:problem:internal-error', title: 'Internal error', detail: 'broken on purpose' },
  },
  shed: {
    status: 503,
    headers: { 'retry-after': '10' },
    problem: { type: 'urn:counter:problem:unavailable', title: 'Service unavailable', detail: 'shedding load on purpose' },
  },
} as const;

interface LateRequest {
  entry: ProxyRequest;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxyRequest {
  method: string;
  path: string;
  fate: Fate;
  /** The central's status code, for requests that reached it. */
  status?: number;
}

export interface FaultyProxyOptions {
  /** The central's base URL. */
  target: string;
  seed?: number;
  /** Share of requests whose answer is dropped after the central carried them out. */
  dropRate?: number;
  /** Share of requests whose connection is reset before they are passed on. */
  resetRate?: number;
}

/**
 * An HTTP proxy between a counter and a central that loses answers on purpose. Fates are
 * drawn from a seeded generator in the order requests arrive; `decide` can overrule them
 * (a test that wants one particular request held, or the whole central unreachable).
 */
export class FaultyProxy extends EventEmitter<{ answered: [ProxyRequest]; held: [ProxyRequest]; late: [ProxyRequest] }> {
  readonly log: ProxyRequest[] = [];
  decide: ((req: { method: string; path: string; body: string }) => Fate | undefined) | null = null;
  private readonly random: () => number;
  private readonly sockets = new Set<Socket>();
  private held: (() => void)[] = [];
  private late: LateRequest[] = [];
  private server: Server | null = null;
  private port = 0;
  private readonly target: URL;

  constructor(private readonly options: FaultyProxyOptions) {
    super();
    this.random = seededRandom(options.seed ?? 1);
    this.target = new URL(options.target);
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  count(fate: Fate) {
    return this.log.filter((r) => r.fate === fate).length;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 60_000;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
    return this;
  }

  private draw(): Fate {
    const r = this.random();
    const drop = this.options.dropRate ?? 0;
    if (r < drop) return 'drop';
    if (r < drop + (this.options.resetRate ?? 0)) return 'reset';
    return 'forward';
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const drawn = this.draw();
    const fate = this.decide?.({ method, path, body: body.toString('utf8') }) ?? drawn;
    const entry: ProxyRequest = { method, path, fate };
    this.log.push(entry);
    if (fate === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fate === 'fail' || fate === 'shed') {
      const { status, headers, problem } = PROBLEMS[fate];
      entry.status = status;
      res.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
      res.end(JSON.stringify({ ...problem, instance: 'urn:uuid:00000000-0000-4000-8000-000000000000', errors: [] }));
      return;
    }
    if (fate === 'late') {
      res.on('close', () => {
        this.late.push({ entry, headers: req.headers as Record<string, string>, body });
        this.emit('late', entry);
      });
      return;
    }
    await this.forwardLate((r) => r.entry.method === method && r.entry.path === path);
    let answer: { status: number; headers: Record<string, string>; body: Buffer };
    try {
      answer = await this.forward(method, path, req.headers as Record<string, string>, body);
    } catch {
      req.socket.destroy();
      return;
    }
    entry.status = answer.status;
    this.emit('answered', entry);
    if (fate === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fate === 'hold') {
      this.held.push(() => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      });
      this.emit('held', entry);
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  private forward(method: string, path: string, headers: Record<string, string>, body: Buffer) {
    const { host: _host, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
    return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: this.target.hostname, port: this.target.port, method, path, headers: { ...rest, 'content-length': String(body.length) } },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('error', reject);
          response.on('end', () => {
            const type = response.headers['content-type'];
            resolve({
              status: response.statusCode ?? 502,
              headers: type ? { 'content-type': String(type) } : {},
              body: Buffer.concat(parts),
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** Passes on the late requests chosen, in the order they came; their answers go nowhere. */
  private async forwardLate(chosen: (r: LateRequest) => boolean): Promise<void> {
    const due = this.late.filter(chosen);
    this.late = this.late.filter((r) => !due.includes(r));
    for (const r of due) {
      const answer = await this.forward(r.entry.method, r.entry.path, r.headers, r.body).catch(() => null);
      if (answer) r.entry.status = answer.status;
      this.emit('answered', r.entry);
    }
  }

  /** Passes on the late requests no retry has brought in yet. */
  flushLate(): Promise<void> {
    return this.forwardLate(() => true);
  }

  /** Resolves once `n` requests have been given up by the client and wait to arrive late. */
  lateCount(n: number): Promise<void> {
    return this.whenever('late', () => this.late.length >= n);
  }

  /** Resolves once `test` holds, checked now and at each `event`. */
  private whenever(event: 'late' | 'held', test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!test()) return;
        this.off(event, check);
        resolve();
      };
      this.on(event, check);
    });
  }

  /** Sends the answers kept so far. */
  release(): void {
    for (const send of this.held.splice(0)) send();
  }

  /** Resolves once `n` requests are being held. */
  heldCount(n: number): Promise<void> {
    return this.whenever('held', () => this.held.length >= n);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
