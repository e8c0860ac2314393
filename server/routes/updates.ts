import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The counters' update feed (`--updates DIR`, docs/counter.md §18): the files of one folder as
 * electron-builder writes them (latest.yml, latest-linux.yml, the installers and their
 * blockmaps), served as they are, with no token, as any static host would. A name is one
 * path segment of plain characters: nothing outside the folder is reachable.
 */
const TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.blockmap': 'application/octet-stream',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.deb': 'application/vnd.debian.binary-package',
  '.AppImage': 'application/octet-stream',
};
const fileName = z
  .string()
  .regex(/^[A-Za-z0-9][\w.-]*$/)
  .max(200);

export function updateFeedRoutes(dir: string) {
  return async (app: FastifyInstance) => {
    // HEAD is answered too: Fastify's own HEAD route for each GET, without the body.
    app.get('/:file', { schema: { hide: true } }, async (req, reply) => {
      const parsed = fileName.safeParse((req.params as { file?: unknown }).file);
      const type = parsed.success ? TYPES[extname(parsed.data)] : undefined;
      if (!parsed.success || !type) return reply.code(404).send();
      const path = join(dir, parsed.data);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return reply.code(404).send();
      reply.header('content-type', type).header('content-length', info.size).header('cache-control', 'no-cache');
      return reply.send(createReadStream(path));
    });
  };
}
