import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../server/testing/fixtures';
import type { IpcResult } from '../../shared/ipc';
import type { CounterCore } from '../core/types';
import { exportDownloads } from './downloads';
import { startBrowserShell, type BrowserShell } from './server';

/**
 * The browser shell's exports (downloads.ts): the file the core wrote is the browser's download,
 * once, only with the session's cookie, under its name; a file not yet whole is not sent.
 */

const { dir: base, remove } = tempDir('counter-downloads-');
const rendererDir = join(base, 'renderer');
mkdirSync(rendererDir, { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
const dataDir = join(base, 'data');
const downloads = exportDownloads();
const folder = join(dataDir, 'exports');
const core: CounterCore = {
  dispatch: async (): Promise<IpcResult<unknown>> => ({ ok: true, value: null }),
  on: () => () => undefined,
  describe: () => ({ dataDir, centralUrl: 'http://127.0.0.1:1', embeddedCentral: true }),
  close: async () => undefined,
};
let shell: BrowserShell;
beforeAll(async () => {
  shell = await startBrowserShell({ port: 0, rendererDir, core, downloads });
});
afterAll(async () => {
  await shell.close();
  remove();
});

function get(path: string, cookie?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${shell.port}`, ...(cookie && { cookie }) };
    const req = httpRequest({ host: '127.0.0.1', port: shell.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
const session = () => `${shell.cookieName}=${shell.secret}`;

/** An export as the core makes it: the place asked, NAME.part written, then renamed. */
async function exported(fileName: string, content: string, whole = true) {
  const place = (await downloads.choose({ fileName, mimeType: 'text/csv' }, folder))!;
  writeFileSync(`${place.path}.part`, content);
  if (whole) renameSync(`${place.path}.part`, place.path);
  return place;
}

describe('an export’s download in the browser shell', () => {
  it('is written in the exports folder it is given and sent once under its name, then removed', async () => {
    const place = await exported('Logboek-Balie_CS-2026-10-24.csv', '\uFEFFTijd;Wie\r\n');
    expect(place.path.startsWith(join(folder, '/'))).toBe(true);
    expect(place.path.endsWith('-Logboek-Balie_CS-2026-10-24.csv')).toBe(true);
    const first = await get(place.download!, session());
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="Logboek-Balie_CS-2026-10-24.csv"; filename*=UTF-8''Logboek-Balie_CS-2026-10-24.csv`,
    );
    expect(first.body.toString('utf8')).toBe('\uFEFFTijd;Wie\r\n');
    expect(existsSync(place.path)).toBe(false);
    expect((await get(place.download!, session())).status).toBe(404);
  });

  it('is refused without the session’s cookie, and the file stays for the page that has it', async () => {
    const place = await exported('Z.csv', 'x');
    expect((await get(place.download!)).status).toBe(403);
    expect((await get(place.download!, `${shell.cookieName}=guess`)).status).toBe(403);
    expect(existsSync(place.path)).toBe(true);
    expect((await get(place.download!, session())).status).toBe(200);
  });

  it('sends nothing of a file not yet whole, nor for a code it never gave', async () => {
    const place = await exported('Half.csv', 'half', false);
    expect((await get(place.download!, session())).status).toBe(404);
    expect((await get('/exports/not-a-code', session())).status).toBe(404);
  });

  it('removes the files never fetched when the shell closes', async () => {
    const own = exportDownloads();
    const place = (await own.choose({ fileName: 'Left.csv', mimeType: 'text/csv' }, join(base, 'closing')))!;
    writeFileSync(place.path, 'left');
    await own.close();
    expect(existsSync(place.path)).toBe(false);
  });
});
