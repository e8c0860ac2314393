import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ExportFile } from '../../shared/manager/types';
import type { ChooseExportFile } from '../core/types';

/**
 * The browser shell's exports (docs/counter.md §13): a browser has no save dialog the counter
 * can open, so an export is written to the data folder's exports folder and the page is given a
 * one-time address (/exports/CODE) that streams it as the browser's download, under its name;
 * the file is removed once sent. The address works once, and only with the session's cookie
 * (server.ts checks it); one never fetched is removed when the shell closes.
 */

const PREFIX = '/exports/';

interface Waiting {
  path: string;
  fileName: string;
  mimeType: ExportFile['mimeType'];
}

export interface ExportDownloads {
  /** The core's port: where the export is written and the address the page downloads it from. */
  choose: ChooseExportFile;
  /** Whether `path` is a download's address. */
  owns(path: string): boolean;
  /** Sends the file of a download's address once, then removes it; 404 for an unknown or spent address, or a file not (yet) whole. */
  send(path: string, res: ServerResponse, headers: Record<string, string>): Promise<void>;
  /** Removes the files never fetched. */
  close(): Promise<void>;
}

/** RFC 6266: the file's name for the browser's download, any character kept (UTF-8, percent-encoded). */
const disposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export function exportDownloads(): ExportDownloads {
  const waiting = new Map<string, Waiting>();
  return {
    choose: async ({ fileName, mimeType }, folder) => {
      const code = randomBytes(24).toString('base64url');
      // The code in the name: two exports of the same report never share a file.
      const path = join(folder, `${code}-${fileName}`);
      await mkdir(folder, { recursive: true });
      waiting.set(code, { path, fileName, mimeType });
      return { path, download: `${PREFIX}${code}` };
    },
    owns: (path) => path.startsWith(PREFIX),
    async send(path, res, headers) {
      const code = path.slice(PREFIX.length);
      const file = waiting.get(code);
      const size = file && (await stat(file.path).catch(() => null))?.size;
      // Still waiting after the stat: of two requests at once, one only is sent the file.
      if (!file || size === undefined || size === null || waiting.get(code) !== file) {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('404 Not Found\n');
        return;
      }
      waiting.delete(code);
      // Opened, then removed: the file is sent from the open handle, and no copy is left behind
      // whether the browser takes it all or not (the address works once either way).
      const content = createReadStream(file.path);
      await once(content, 'open');
      await rm(file.path, { force: true });
      res.writeHead(200, {
        ...headers,
        'Content-Type': file.mimeType,
        'Content-Length': String(size),
        'Content-Disposition': disposition(file.fileName),
        'Cache-Control': 'no-store',
      });
      try {
        for await (const chunk of content) if (!res.write(chunk)) await once(res, 'drain');
      } catch (error) {
        res.destroy();
        throw error;
      }
      res.end();
    },
    async close() {
      const files = [...waiting.values()];
      waiting.clear();
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    },
  };
}
