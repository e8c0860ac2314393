import { afterEach, beforeEach } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import type { CounterOptions } from '../types';
import { countingIds, testClock } from './clock';
import { openCounter, type TestCounter } from './counter';

/**
 * A fresh counter for every test of the file: in-memory store, frozen clock, counting ids and
 * a central that cannot be reached (nothing listens on port 9). Returns the current one.
 */
export function offlineCounterPerTest(name: string, ids: string, options: Partial<CounterOptions> = {}): () => TestCounter {
  let counter: TestCounter;
  let folder: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    folder = tempDir(`counter-${name}-`);
    counter = await openCounter({
      dataDir: folder.dir,
      database: ':memory:',
      clock: testClock('2024-05-01T08:00:00.000Z'),
      newId: countingIds(ids),
      central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable-central-token' },
      ...options,
    });
  });
  afterEach(async () => {
    await counter.close();
    folder.remove();
  });
  return () => counter;
}
