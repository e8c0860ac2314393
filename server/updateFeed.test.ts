import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCentral, type Central } from './central';
import { tempDir } from './testing/fixtures';

/** `--updates DIR`: the counters' update feed served by the central as a static host would (docs/counter.md §18). */

const folder = tempDir('central-updates-');
let central: Central;
const FEED = 'version: 1.5.0\nfiles:\n  - url: Counter-Setup-1.5.0.exe\nstagingPercentage: 10\n';

beforeAll(async () => {
  const dir = join(folder.dir, 'feed');
  mkdirSync(dir);
  writeFileSync(join(dir, 'latest.yml'), FEED);
  writeFileSync(join(dir, 'Counter-Setup-1.5.0.exe'), Buffer.from([0x4d, 0x5a, 0x90, 0x00]));
  writeFileSync(join(folder.dir, 'secret.yml'), 'not for anyone');
  central = await startCentral({ db: join(folder.dir, 'central.sqlite'), port: 0, updatesDir: dir });
});
afterAll(async () => {
  await central.close();
  folder.remove();
});

const get = (path: string, method = 'GET') => fetch(`${central.url}${path}`, { method });

describe('the update feed', () => {
  it('serves the feed and the installers without a token', async () => {
    const feed = await get('/updates/latest.yml');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
    expect(await feed.text()).toBe(FEED);
    const installer = await get('/updates/Counter-Setup-1.5.0.exe');
    expect(new Uint8Array(await installer.arrayBuffer())).toEqual(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]));
    const head = await get('/updates/latest.yml', 'HEAD');
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(FEED.length)]);
  });

  it('answers 404 for what is not a file of the folder', async () => {
    for (const path of ['/updates/missing.yml', '/updates/..%2Fsecret.yml', '/updates/.hidden.yml', '/updates/notes.txt']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
