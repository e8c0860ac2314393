import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bridge client (client/bridge.ts) as one browser script. `npm run build:main` writes it to
 * dist/bridge/bridge.js; when that is missing or older than any file in client/ (the bridge's
 * only runtime input: it imports nothing else but types) it is built here, in memory, with the
 * same esbuild options (keep them in step with scripts/build-main.mjs).
 */

const CLIENT_DIR = fileURLToPath(new URL('./client/', import.meta.url));
const ENTRY = join(CLIENT_DIR, 'bridge.ts');
const PREBUILT = fileURLToPath(new URL('../../dist/bridge/bridge.js', import.meta.url));

async function modifiedAt(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return null;
  }
}

async function sourceModifiedAt(): Promise<number> {
  const names = await readdir(CLIENT_DIR);
  const times = await Promise.all(names.map((name) => modifiedAt(join(CLIENT_DIR, name))));
  return Math.max(0, ...times.map((time) => time ?? 0));
}

export async function loadBridgeScript(): Promise<string> {
  const [source, prebuilt] = await Promise.all([sourceModifiedAt(), modifiedAt(PREBUILT)]);
  if (prebuilt !== null && prebuilt >= source) return readFile(PREBUILT, 'utf8');
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no bridge script');
  return output.text;
}
