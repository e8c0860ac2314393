import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../server/testing/fixtures';
import { contentSecurityPolicy, securityHeaders } from './csp';
import { contentTypeFor, loadStaticFile, resolveStaticPath } from './staticFiles';

const { dir: base, remove } = tempDir('counter-static-');
const root = join(base, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(base, 'secret.txt'), 'outside the renderer');
afterAll(remove);

describe('resolveStaticPath', () => {
  it('maps paths inside the renderer, / to index.html', () => {
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveStaticPath(root, '/assets/')).toBe(join(root, 'assets', 'index.html'));
    expect(resolveStaticPath(root, '/assets/a%20b.png')).toBe(join(root, 'assets', 'a b.png'));
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/index.html%00.js',
    '/%E0%A4%A',
    'secret.txt',
  ])('refuses %s', (path) => {
    expect(resolveStaticPath(root, path)).toBeNull();
  });

  it('keeps a backslash inside the renderer: a separator on Windows (refused), a file-name character elsewhere', () => {
    const resolved = resolveStaticPath(root, '/..%5csecret.txt');
    if (process.platform === 'win32') expect(resolved).toBeNull();
    else expect(resolved).toBe(join(root, '..\\secret.txt'));
  });
});

describe('loadStaticFile', () => {
  it('reads a file with its content type', async () => {
    const file = await loadStaticFile(root, '/assets/app.js');
    expect(file.status).toBe(200);
    if (file.status !== 200) return;
    expect(file.body.toString()).toBe('console.log(1)');
    expect(file.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('answers 403 for traversal and 404 for what is not there', async () => {
    expect((await loadStaticFile(root, '/../secret.txt')).status).toBe(403);
    expect((await loadStaticFile(root, '/missing.js')).status).toBe(404);
    expect((await loadStaticFile(root, '/assets')).status).toBe(404);
  });
});

describe('contentTypeFor', () => {
  it('never guesses an unknown type into something a browser would run', () => {
    expect(contentTypeFor('x.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('x.SVG')).toBe('image/svg+xml');
    expect(contentTypeFor('x.exe')).toBe('application/octet-stream');
    expect(contentTypeFor('Makefile')).toBe('application/octet-stream');
  });
});

describe('contentSecurityPolicy', () => {
  it('is the strict policy of the app’s pages', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
        "media-src 'self' blob: mediastream:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('adds connect sources for the browser shell’s WebSocket', () => {
    expect(contentSecurityPolicy(['ws://127.0.0.1:1234'])).toContain("connect-src 'self' ws://127.0.0.1:1234;");
  });

  it('travels with nosniff', () => {
    expect(securityHeaders('x')).toMatchObject({ 'Content-Security-Policy': 'x', 'X-Content-Type-Options': 'nosniff' });
  });
});
