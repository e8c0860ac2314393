import { afterEach, beforeEach } from 'vitest';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { counterToken, startTestCentral } from './central';
import type { TestCounter } from './counter';
import type { FaultyProxy } from './faultyProxy';

/**
 * Per test: a fresh central in a temporary folder and a counter token for it; the proxy and
 * counter the test puts in front of it are closed after it, counter first.
 */
export interface World {
  folder: ReturnType<typeof tempDir>;
  central: Central;
  token: string;
  proxy: FaultyProxy;
  counter: TestCounter;
}

export function worldPerTest(prefix: string): World {
  const world: Partial<World> = {};
  beforeEach(async () => {
    world.folder = tempDir(prefix);
    world.token = await counterToken();
    world.central = await startTestCentral(world.folder.dir);
  });
  afterEach(async () => {
    await world.counter?.close();
    await world.proxy?.close();
    await world.central?.close();
    world.folder?.remove();
    for (const key of Object.keys(world) as (keyof World)[]) delete world[key];
  });
  return world as World;
}
