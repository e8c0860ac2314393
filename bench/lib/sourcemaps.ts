import { readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locate } from './cpuprofile';

/**
 * The servers run TypeScript through tsx, which compiles each file to one minified line:
 * a profile then says "orders.ts:1:2171". tsx keeps each compiled file with its source map
 * in its cache directory; this reads them back to give the source line and its text. When
 * the cache is gone or the file changed since the profile, positions stay as they are.
 */
export function tsxLocator(): Locate {
  const dir = join(tmpdir(), `tsx-${userInfo().uid}`);
  const newest = new Map<string, { mtime: number; map: SourceMapPayload }>();
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return () => undefined;
  }
  for (const name of files) {
    try {
      const file = join(dir, name);
      const { map } = JSON.parse(readFileSync(file, 'utf8')) as { map?: SourceMapPayload };
      const source = map?.sources?.[0];
      const mtime = statSync(file).mtimeMs;
      if (map && source && (newest.get(source)?.mtime ?? -1) < mtime) newest.set(source, { mtime, map });
    } catch {
      // not a cache entry of the expected shape: skip it
    }
  }
  const maps = new Map<string, { map: SourceMap; lines: string[] } | null>();
  return (url, line, column) => {
    if (!url.startsWith('file://')) return undefined;
    const path = fileURLToPath(url);
    if (!maps.has(path)) {
      const found = newest.get(path);
      maps.set(path, found ? { map: new SourceMap(found.map), lines: readFileSync(path, 'utf8').split('\n') } : null);
    }
    const known = maps.get(path);
    const at = known?.map.findEntry(line, column);
    if (!known || !at || !('originalLine' in at)) return undefined;
    const text = (known.lines[at.originalLine] ?? '').trim().slice(0, 70);
    return `${at.originalLine + 1} \`${text}\``;
  };
}
