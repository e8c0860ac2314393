import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Serving the built renderer (dist/renderer) from a URL path, shared by Electron's app://
 * protocol handler and the browser shell's HTTP server: one place decides which files a URL
 * may reach, so path traversal is refused the same way in both.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  // With nosniff, an unknown type must not be guessed into something executable.
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `rootDir` that `urlPath` (a URL's pathname, still percent-encoded) names,
 * or null when it is malformed or would leave `rootDir` (../, encoded %2e%2e or %2f,
 * backslashes on Windows, absolute paths, NUL bytes).
 */
export function resolveStaticPath(rootDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || !decoded.startsWith('/')) return null;
  const root = resolve(rootDir);
  const target = resolve(root, `.${decoded}`);
  const inside = relative(root, target);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  return inside === '' || decoded.endsWith('/') ? resolve(target, 'index.html') : target;
}

export type StaticFile = { status: 200; path: string; body: Buffer; contentType: string } | { status: 403 | 404 };

/** Reads what `urlPath` names: 403 when it tries to leave the root, 404 when there is no such file. */
export async function loadStaticFile(rootDir: string, urlPath: string): Promise<StaticFile> {
  const path = resolveStaticPath(rootDir, urlPath);
  if (path === null) return { status: 403 };
  try {
    return { status: 200, path, body: await readFile(path), contentType: contentTypeFor(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return { status: 404 };
    throw error;
  }
}

/** The renderer's pages besides its start (docs/api.md §9.4: the customer display): each is index.html, which routes by path. */
export const RENDERER_PAGES: readonly string[] = ['/customer'];

/** The file path a request for `urlPath` reads: a page of the renderer is its index.html. */
export const pageFile = (urlPath: string): string => (RENDERER_PAGES.includes(urlPath) ? '/' : urlPath);
