import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../server/testing/fixtures';
import { clerk, openCounter } from './testing/counter';

/**
 * The counter's data folder and database files are its user's only, whatever the umask the
 * app was started with (POSIX modes; on Windows the user's profile ACLs do this, see docs/counter.md §11).
 */

const mode = (path: string) => statSync(path).mode & 0o777;
let folder: ReturnType<typeof tempDir>;
let umask: number;

beforeEach(() => {
  folder = tempDir('counter-at-rest-');
  // The most open umask there is: nothing the counter makes may inherit it.
  umask = process.umask(0o000);
});
afterEach(() => {
  process.umask(umask);
  folder.remove();
});

const POSIX_ONLY = 'POSIX file modes: on Windows the user profile’s ACLs protect the data folder (docs/counter.md §11)';

describe('data at rest', () => {
  it('keeps the data folder 0700 and the database, its WAL and shared memory 0600', async (ctx) => {
    if (process.platform === 'win32') ctx.skip(POSIX_ONLY);
    const dataDir = join(folder.dir, 'nested', 'data');
    const counter = await openCounter({ dataDir, central: { url: 'http://127.0.0.1:9', bearerToken: 'given' } });
    try {
      await clerk(counter).login();
      await clerk(counter).create([{ productId: 600, quantity: 1 }]);
      expect(mode(dataDir)).toBe(0o700);
      for (const file of ['counter.sqlite', 'counter.sqlite-wal', 'counter.sqlite-shm'])
        expect(mode(join(dataDir, file)), file).toBe(0o600);
      expect(counter.test.db.pragma('secure_delete', { simple: true })).toBe(1);
    } finally {
      await counter.close();
    }
  });

  it('narrows a folder and files an older version left open', async (ctx) => {
    if (process.platform === 'win32') ctx.skip(POSIX_ONLY);
    const dataDir = join(folder.dir, 'old');
    const first = await openCounter({ dataDir, central: { url: 'http://127.0.0.1:9', bearerToken: 'given' } });
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'counter.sqlite'), 0o644);
    const again = await openCounter({ dataDir, central: { url: 'http://127.0.0.1:9', bearerToken: 'given' } });
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'counter.sqlite'))).toBe(0o600);
    } finally {
      await again.close();
    }
  });
});
