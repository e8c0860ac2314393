import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { refusal } from '../../shared/refusals';
import type { CounterCore, CounterOptions } from '../core/types';
import { contentSecurityPolicy, securityHeaders } from '../shell/csp';
import { EVENT_NAMES } from '../shell/ipcNames';
import { loadStaticFile, pageFile } from '../shell/staticFiles';
import { checkAccess, isOwnHost, readCookie, sameSecret, sessionCookieName } from './access';
import { loadBridgeScript } from './bridgeScript';
import { exportDownloads, type ExportDownloads } from './downloads';

/**
 * The counter under plain Node, for a browser: the built renderer, POST /ipc (what Electron's
 * counter:invoke does) and WebSocket /events (what counter:event does), on 127.0.0.1 only.
 * See access.ts for who may call /ipc and /events.
 *
 * The printed address carries a one-time launch code (/?launch=…). Its first GET is answered
 * with a redirect to / and the session secret in an HttpOnly, SameSite=Strict cookie; the code
 * is then spent, so the address left in the browser's history or session files opens nothing.
 * Page scripts never see the session secret. A fresh launch address is reported for another
 * browser (onLaunchUrl).
 */

/** Photos travel inside IPC inputs as data, hence the generous limit. */
export const MAX_IPC_BODY = 8 * 1024 * 1024;

export type BrowserShellOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The built renderer: dist/renderer. */
  rendererDir: string;
  /** Told the next one-time address each time one is spent. */
  onLaunchUrl?: (url: string) => void;
} & (
  | {
      /** A core made by the caller, who also closes it. */ core: CounterCore;
      /** The exports the caller's core hands to the page (its chooseExportFile is `downloads.choose`). */ downloads?: ExportDownloads;
    }
  | {
      core?: undefined;
      dataDir: string;
      fixtures?: string;
      /** The payment terminal: the demo's simulator (docs/api.md §9.1). */ terminal?: CounterOptions['terminal'];
    }
);

export interface BrowserShell {
  /** The one-time address to open: http://127.0.0.1:PORT/?launch=… (the current one). */
  readonly url: string;
  origin: string;
  port: number;
  /** The session secret the launch exchange puts in the cookie (tests). */
  secret: string;
  /** The session cookie's name. */
  cookieName: string;
  core: CounterCore;
  /** Stops serving; closes the core too when the shell made it. */
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(text);
}

const REFUSALS = {
  401: refusal('unauthenticated', 'shell.noSession'),
  403: refusal('forbidden', 'shell.foreignPage'),
} as const;
const INVALID_BODY = refusal('invalid', 'request.invalid');

/** The body, or null once it exceeds `limit` (the rest is left unread; the reply closes the connection). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      resolveBody(null);
    };
    req.on('data', onData);
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The bridge goes right before the app's module script, so it runs first; else at the end of <head>. */
export function injectBridge(html: string): string {
  const tag = '<script src="./bridge.js"></script>\n';
  const moduleScript = html.search(/<script\b[^>]*\btype\s*=\s*["']?module\b/i);
  const at = moduleScript >= 0 ? moduleScript : html.search(/<\/head>/i);
  return at >= 0 ? html.slice(0, at) + tag + html.slice(at) : tag + html;
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const rendererDir = resolve(options.rendererDir);
  const indexPath = resolve(rendererDir, 'index.html');
  // The bridge script is served as a file of the renderer's, the same bytes for every request.
  const bridge = {
    status: 200 as const,
    path: '/bridge.js',
    body: Buffer.from(await loadBridgeScript()),
    contentType: 'text/javascript; charset=utf-8',
  };
  const secret = randomBytes(32).toString('base64url');
  let launchCode = randomBytes(32).toString('base64url');
  const server = createServer();
  const events = new WebSocketServer({ noServer: true, maxPayload: 1024 });

  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      ready();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const headers = securityHeaders(contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]));
  const cookieName = sessionCookieName(port);
  const launchUrl = () => `${origin}/?launch=${launchCode}`;
  const sessionOf = (req: IncomingMessage) => readCookie(req.headers.cookie, cookieName);

  let core: CounterCore;
  // The browser downloads an export from the shell (downloads.ts): no save dialog here.
  const downloads = options.core ? (options.downloads ?? null) : exportDownloads();
  try {
    core = options.core ?? (await createCore(options.dataDir, options.fixtures, options.terminal, downloads!));
  } catch (error) {
    server.close();
    throw error;
  }

  const sendStatus = (res: ServerResponse, status: number) => {
    const text = `${status} ${STATUS_CODES[status] ?? ''}\n`;
    res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };

  async function answerIpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = checkAccess({ host: req.headers.host, origin: req.headers.origin, secret: sessionOf(req) }, port, secret);
    if (verdict !== 'ok') return sendJson(res, verdict, REFUSALS[verdict]);
    if (req.method !== 'POST') return sendJson(res, 405, INVALID_BODY, { Allow: 'POST' });
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendJson(res, 415, INVALID_BODY);
    }
    const body = await readBody(req, MAX_IPC_BODY);
    if (body === null) {
      return sendJson(res, 413, INVALID_BODY, { Connection: 'close' });
    }
    let call: unknown;
    try {
      call = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, INVALID_BODY);
    }
    if (typeof call !== 'object' || call === null || !('channel' in call)) {
      return sendJson(res, 400, INVALID_BODY);
    }
    const { channel, input } = call as { channel: unknown; input?: unknown };
    sendJson(res, 200, await core.dispatch(channel, input));
  }

  async function answerStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendStatus(res, 405);
    const file = path === bridge.path ? bridge : await loadStaticFile(rendererDir, pageFile(path));
    if (file.status !== 200) return sendStatus(res, file.status);
    const body = file.path === indexPath ? Buffer.from(injectBridge(file.body.toString('utf8'))) : file.body;
    res.writeHead(200, {
      ...headers,
      'Content-Type': file.contentType,
      'Content-Length': body.length,
      // Rebuilt renderers keep their index.html name: always revalidate.
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * GET /exports/CODE: an export's file, once. A navigation sends no Origin, so the session's
   * cookie (SameSite=Strict: never sent from another site's page) and the unguessable code stand
   * in for the Origin check of /ipc.
   */
  async function answerDownload(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET') return sendStatus(res, 405);
    if (!sameSecret(sessionOf(req) ?? '', secret)) return sendStatus(res, 403);
    await downloads!.send(path, res, headers);
  }

  /** GET /?launch=CODE: spends the code for the session cookie, and sends the browser to / without it. */
  function exchange(req: IncomingMessage, res: ServerResponse, code: string): void {
    if (req.method !== 'GET') return sendStatus(res, 405);
    const hasSession = sameSecret(sessionOf(req) ?? '', secret);
    const fresh = sameSecret(code, launchCode);
    if (!fresh && !hasSession) {
      const text = 'This address was used already. Open the newest address the browser shell printed.\n';
      res.writeHead(403, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
      return;
    }
    const cookie = `${cookieName}=${secret}; HttpOnly; SameSite=Strict; Path=/`;
    res.writeHead(303, { ...headers, Location: '/', 'Cache-Control': 'no-store', ...(fresh ? { 'Set-Cookie': cookie } : {}) });
    res.end();
    if (fresh) {
      launchCode = randomBytes(32).toString('base64url');
      options.onLaunchUrl?.(launchUrl());
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isOwnHost(req.headers.host, port)) return sendStatus(res, 403);
    // The raw path, not a URL-normalised one: staticFiles must see (and refuse) any ../
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const code = new URLSearchParams(query).get('launch');
    if (code !== null) return exchange(req, res, code);
    if (path === '/ipc') return answerIpc(req, res);
    if (path === '/events') return sendStatus(res, 426);
    if (downloads?.owns(path)) return answerDownload(req, res, path);
    return answerStatic(req, res, path);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      // Only the message: a request's data (personal data, tokens) never goes to the log.
      console.error(`browser shell: ${error instanceof Error ? error.message : 'request failed'}`);
      if (!res.headersSent) sendJson(res, 500, refusal('internal', 'request.internal'));
      else res.destroy();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?')[0];
    const verdict =
      path === '/events' ? checkAccess({ host: req.headers.host, origin: req.headers.origin, secret: sessionOf(req) }, port, secret) : 404;
    if (verdict !== 'ok') {
      socket.end(`HTTP/1.1 ${verdict} ${STATUS_CODES[verdict]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    // Clients only listen; the server tracks them in events.clients for broadcasting.
    events.handleUpgrade(req, socket, head, (ws) => ws.on('error', () => ws.terminate()));
  });

  const unsubscribe = EVENT_NAMES.map((name) =>
    core.on(name, (payload) => {
      const message = JSON.stringify({ event: name, payload });
      for (const client of events.clients) if (client.readyState === WebSocket.OPEN) client.send(message);
    }),
  );

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      for (const off of unsubscribe) off();
      for (const client of events.clients) client.terminate();
      events.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      if (!options.core) await core.close();
      await downloads?.close();
    })());

  return {
    get url() {
      return launchUrl();
    },
    origin,
    port,
    secret,
    cookieName,
    core,
    close,
  };
}

/** Loaded on demand: tests give their own core and never load SQLite. */
async function createCore(
  dataDir: string,
  fixtures: string | undefined,
  terminal: CounterOptions['terminal'],
  downloads: ExportDownloads,
): Promise<CounterCore> {
  const [{ createCounter }, { readMachineConfig }, { dataFolderVault }] = await Promise.all([
    import('../core/counter'),
    import('../core/config/machineConfig'),
    import('./dataFolderVault'),
  ]);
  // An invalid configuration stops the start, naming the key (docs/api.md §9.1).
  const config = readMachineConfig();
  if (config.kind === 'refused') throw new Error(config.message);
  // No keychain under plain Node: a central token is sealed with a key in the data folder, so an
  // enrolment survives a restart (docs/counter.md §18).
  return createCounter({
    dataDir,
    vault: dataFolderVault(dataDir),
    fixtures,
    config: config.value,
    terminal,
    chooseExportFile: downloads.choose,
  });
}
