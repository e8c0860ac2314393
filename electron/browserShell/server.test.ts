import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { tempDir } from '../../server/testing/fixtures';
import type { EventName, IpcEvents, IpcResult } from '../../shared/ipc';
import type { CounterCore } from '../core/types';
import { injectBridge, MAX_IPC_BODY, startBrowserShell, type BrowserShell } from './server';

/** A CounterCore that records what reaches it and emits events on demand. */
class FakeCore implements CounterCore {
  calls: { channel: unknown; input: unknown }[] = [];
  closed = 0;
  private listeners = new Map<string, Set<(payload: unknown) => void>>();

  async dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
    this.calls.push({ channel, input });
    return { ok: true, value: { echoed: channel } };
  }
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    const wrapped = listener as (payload: unknown) => void;
    this.listeners.set(event, set.add(wrapped));
    return () => set.delete(wrapped);
  }
  emit<E extends EventName>(event: E, payload: IpcEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
  describe() {
    return { dataDir: '/nowhere', centralUrl: 'http://127.0.0.1:1', embeddedCentral: true };
  }
  async close(): Promise<void> {
    this.closed += 1;
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function collect(res: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    res.on('error', reject);
  });
}

const { dir: base, remove } = tempDir('counter-shell-');
const rendererDir = join(base, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(
  join(rendererDir, 'index.html'),
  '<!doctype html><html><head><title>Counter</title>\n<script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>',
);
writeFileSync(join(rendererDir, 'assets', 'index.js'), 'export {};');
writeFileSync(join(base, 'outside.txt'), 'NOT FOR THE BROWSER');

const core = new FakeCore();
let shell: BrowserShell;
let own: { host: string; origin: string };

beforeAll(async () => {
  shell = await startBrowserShell({ port: 0, rendererDir, core });
  own = { host: `127.0.0.1:${shell.port}`, origin: shell.origin };
});
afterAll(async () => {
  await shell.close();
  remove();
});
beforeEach(() => {
  core.calls = [];
});

/** A raw HTTP request: the path goes out unnormalised and Host/Origin are ours to set. */
function request(options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: shell.port, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers },
      (res) => collect(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The Cookie header the launch exchange gives a browser. */
const session = (secret = shell.secret) => `other=1; ${shell.cookieName}=${secret}`;

const ipc = (headers: Record<string, string>, body = JSON.stringify({ channel: 'sync.status', input: {} })) =>
  request({ method: 'POST', path: '/ipc', headers: { 'content-type': 'application/json', ...headers }, body });

describe('POST /ipc', () => {
  it('routes {channel, input} to core.dispatch and answers its IpcResult', async () => {
    const answer = await ipc({ ...own, cookie: session() }, JSON.stringify({ channel: 'orders.get', input: { orderId: 'x' } }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { echoed: 'orders.get' } });
    expect(core.calls).toEqual([{ channel: 'orders.get', input: { orderId: 'x' } }]);
  });

  it('accepts the localhost name of the shell with its own origin', async () => {
    const host = `localhost:${shell.port}`;
    const answer = await ipc({ host, origin: `http://${host}`, cookie: session() });
    expect(answer.status).toBe(200);
  });

  it('refuses a request without the session cookie with 401', async () => {
    const answer = await ipc(own);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { kind: 'unauthenticated' } });
    expect(core.calls).toEqual([]);
  });

  it('refuses a wrong secret with 403', async () => {
    expect((await ipc({ ...own, cookie: `${shell.cookieName}=guess` })).status).toBe(403);
    expect((await ipc({ ...own, cookie: `${shell.cookieName}=${shell.secret}x` })).status).toBe(403);
    expect(core.calls).toEqual([]);
  });

  it('refuses a foreign or missing Origin with 403, secret or not', async () => {
    expect((await ipc({ host: own.host, origin: 'https://evil.example', cookie: session() })).status).toBe(403);
    expect((await ipc({ host: own.host, origin: `http://localhost:${shell.port}`, cookie: session() })).status).toBe(403);
    expect((await ipc({ host: own.host, origin: 'null', cookie: session() })).status).toBe(403);
    expect((await ipc({ host: own.host, cookie: session() })).status).toBe(403);
    expect(core.calls).toEqual([]);
  });

  it('refuses a foreign Host (DNS rebinding) with 403', async () => {
    const host = `evil.example:${shell.port}`;
    const answer = await ipc({ host, origin: `http://${host}`, cookie: session() });
    expect(answer.status).toBe(403);
    expect(core.calls).toEqual([]);
  });

  it('answers malformed bodies with an invalid IpcResult, without reaching the core', async () => {
    const auth = { ...own, cookie: session() };
    const notJson = await ipc(auth, '{channel');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect((await ipc(auth, '[]')).status).toBe(400);
    expect((await ipc({ ...auth, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await request({ method: 'GET', path: '/ipc', headers: auth })).status).toBe(405);
    expect(core.calls).toEqual([]);
  });

  it('refuses bodies over 8 MiB with 413 before reading them', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req: ClientRequest = httpRequest({
        host: '127.0.0.1',
        port: shell.port,
        method: 'POST',
        path: '/ipc',
        headers: { ...own, cookie: session(), 'content-type': 'application/json', 'content-length': String(MAX_IPC_BODY + 1) },
      });
      req.on('response', (res) =>
        collect(res)
          .then(resolve, reject)
          .finally(() => req.destroy()),
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(core.calls).toEqual([]);
  });

  it('takes a body just under the limit (a photo)', async () => {
    const photo = 'a'.repeat(MAX_IPC_BODY - 100);
    const answer = await ipc({ ...own, cookie: session() }, JSON.stringify({ channel: 'lines.add', input: { photo } }));
    expect(answer.status).toBe(200);
    expect(core.calls).toHaveLength(1);
  });
});

describe('the launch exchange', () => {
  const launchPath = () => new URL(shell.url).pathname + new URL(shell.url).search;

  it('trades the one-time address for an HttpOnly, SameSite=Strict cookie and sends the browser to / without it', async () => {
    const told: string[] = [];
    const second = await startBrowserShell({ rendererDir, core: new FakeCore(), onLaunchUrl: (url) => told.push(url) });
    try {
      const first = second.url;
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: second.port, path: new URL(first).pathname + new URL(first).search }, (res) =>
          collect(res).then(resolve, reject),
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['set-cookie']).toEqual([`${second.cookieName}=${second.secret}; HttpOnly; SameSite=Strict; Path=/`]);
      // A fresh one-time address for another browser; the spent one is not it.
      expect(told).toEqual([second.url]);
      expect(second.url).not.toBe(first);
    } finally {
      await second.close();
    }
  });

  it('refuses the spent address (history, session files) without the cookie, and lets the cookie through', async () => {
    const spent = launchPath();
    expect((await request({ path: spent })).status).toBe(303);
    const again = await request({ path: spent });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toMatch(/used already/);
    // The browser that has the cookie is simply sent on to the app.
    const withSession = await request({ path: spent, headers: { cookie: session() } });
    expect(withSession.status).toBe(303);
    expect(withSession.headers['set-cookie']).toBeUndefined();
    expect((await request({ path: '/?launch=guess' })).status).toBe(403);
  });

  it('lets no secret in the address reach /ipc: only the cookie counts', async () => {
    const answer = await request({
      method: 'POST',
      path: `/ipc?secret=${shell.secret}&launch=${shell.secret}`,
      headers: { 'content-type': 'application/json', ...own, 'x-counter-secret': shell.secret },
      body: JSON.stringify({ channel: 'sync.status', input: {} }),
    });
    expect(answer.status).not.toBe(200);
    expect(core.calls).toEqual([]);
  });
});

describe('static files', () => {
  it('serves index.html with the bridge before the app’s module script, under the CSP', async () => {
    const answer = await request({ path: '/' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body.indexOf('<script src="./bridge.js"></script>')).toBeGreaterThan(-1);
    expect(answer.body.indexOf('./bridge.js')).toBeLessThan(answer.body.indexOf('type="module"'));
    const csp = answer.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'; script-src 'self'; style-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${shell.port} ws://localhost:${shell.port};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the customer display’s page /customer as the same index.html, bridge included (docs/api.md §9.4)', async () => {
    const [page, start] = await Promise.all([request({ path: '/customer' }), request({ path: '/' })]);
    expect(page.status).toBe(200);
    expect(page.body).toBe(start.body);
    expect((await request({ path: '/customers' })).status).toBe(404);
  });

  it('serves the built bridge and the app’s assets with their types and the same headers', async () => {
    const bridge = await request({ path: '/bridge.js' });
    expect(bridge.status).toBe(200);
    expect(bridge.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bridge.body).toContain('/ipc');
    const asset = await request({ path: '/assets/index.js' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-security-policy']).toBeDefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/../outside.txt', '/assets/../../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt', '/assets/..%2f..%2foutside.txt'])(
    'refuses path traversal %s',
    async (path) => {
      const answer = await request({ path });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain('NOT FOR THE BROWSER');
    },
  );

  it('answers 404 for missing files, 405 for other methods, 403 for a foreign Host', async () => {
    expect((await request({ path: '/nope.js' })).status).toBe(404);
    expect((await request({ method: 'POST', path: '/' })).status).toBe(405);
    expect((await request({ path: '/', headers: { host: `evil.example:${shell.port}` } })).status).toBe(403);
  });
});

describe('WebSocket /events', () => {
  let eventsUrl = '';
  beforeAll(() => {
    eventsUrl = `ws://127.0.0.1:${shell.port}/events`;
  });
  const withCookie = (secret: string, options: ClientOptions = {}): ClientOptions => ({
    ...options,
    headers: { ...options.headers, cookie: session(secret) },
  });

  async function refusal(url: string, options: ClientOptions): Promise<number> {
    const ws = new WebSocket(url, options);
    ws.on('error', () => undefined);
    const [req, res] = (await once(ws, 'unexpected-response')) as [ClientRequest, IncomingMessage];
    req.destroy();
    return res.statusCode ?? 0;
  }

  it('refuses a socket without the secret (401), with a wrong one (403)', async () => {
    expect(await refusal(eventsUrl, { origin: own.origin })).toBe(401);
    expect(await refusal(eventsUrl, withCookie('guess', { origin: own.origin }))).toBe(403);
    // The secret in the address, as before the cookie, lets nobody in.
    expect(await refusal(`${eventsUrl}?secret=${shell.secret}`, { origin: own.origin })).toBe(401);
  });

  it('refuses a foreign or missing Origin and a foreign Host with 403', async () => {
    expect(await refusal(eventsUrl, withCookie(shell.secret, { origin: 'https://evil.example' }))).toBe(403);
    expect(await refusal(eventsUrl, withCookie(shell.secret))).toBe(403);
    const host = `evil.example:${shell.port}`;
    expect(await refusal(eventsUrl, withCookie(shell.secret, { origin: `http://${host}`, headers: { host } }))).toBe(403);
  });

  it('refuses upgrades on other paths', async () => {
    expect(await refusal(`ws://127.0.0.1:${shell.port}/ipc`, withCookie(shell.secret, { origin: own.origin }))).toBe(404);
  });

  it('forwards the core’s events to an authorised socket', async () => {
    const ws = new WebSocket(eventsUrl, withCookie(shell.secret, { origin: own.origin }));
    await once(ws, 'open');
    const message = once(ws, 'message');
    core.emit('orders.changed', { orderId: 'o-1' });
    const [data] = (await message) as [Buffer];
    expect(JSON.parse(data.toString('utf8'))).toEqual({ event: 'orders.changed', payload: { orderId: 'o-1' } });
    const closed = once(ws, 'close');
    ws.close();
    await closed;
  });
});

describe('lifecycle', () => {
  it('closes its sockets on close(), and leaves a core it was given to its owner', async () => {
    const own = new FakeCore();
    const second = await startBrowserShell({ rendererDir, core: own });
    expect(second.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${second.port}/\\?launch=[\\w-]{43}$`));
    expect(Buffer.from(second.secret, 'base64url')).toHaveLength(32);
    expect(second.secret).not.toBe(shell.secret);
    const ws = new WebSocket(`ws://127.0.0.1:${second.port}/events`, {
      origin: second.origin,
      headers: { cookie: `${second.cookieName}=${second.secret}` },
    });
    await once(ws, 'open');
    const closed = once(ws, 'close');
    await second.close();
    await closed;
    expect(own.closed).toBe(0);
  });
});

describe('injectBridge', () => {
  it('falls back to the end of <head>, then to the start, when there is no module script', () => {
    expect(injectBridge('<head><title>x</title></head>')).toBe('<head><title>x</title><script src="./bridge.js"></script>\n</head>');
    expect(injectBridge('<p>bare</p>')).toBe('<script src="./bridge.js"></script>\n<p>bare</p>');
  });
});
