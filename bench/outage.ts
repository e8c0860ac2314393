import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SyncStatus } from '../shared/ipc';
import { createCounter } from '../electron/core/counter';
import { TEST_SECRET } from '../electron/core/testing/central';
import { freePort } from '../electron/core/testing/processes';
import { startServerChild } from '../server/testing/child';
import { comparison, fmt, goalVerdict, summary } from './lib/report';
import { interleaved, ROUNDS } from './lib/rounds';

/**
 * Back after an outage (docs/counter.md §18): a counter with a queue of sales made while its
 * central was down, its back-off piled up by rounds that got nowhere, and then the central
 * starts: seconds from the central's "listening" until the engine reports nothing pending.
 * The baseline is the same queue sent to a central that was up all along (seconds from the
 * engine's start): what is left of the outage is the difference.
 */

const GOAL_SECONDS = 10;
/** Rounds that reach nobody before the central starts: the back-off is then up to 8 s, and growing. */
const FAILED_ROUNDS = 4;

type Measure = (round: number) => Promise<number>;

const drained = (counter: Awaited<ReturnType<typeof createCounter>>) =>
  new Promise<SyncStatus>((resolve) => counter.on('sync.changed', (s) => s.pending === 0 && s.lastError === null && resolve(s)));

async function central(dir: string, port: number) {
  return startServerChild(new URL('./servers/central.ts', import.meta.url), [join(dir, 'central.sqlite'), TEST_SECRET, '2', String(port)]);
}

async function counterOn(queueFile: string, dir: string, port: number, token: string) {
  mkdirSync(dir, { recursive: true });
  copyFileSync(queueFile, join(dir, 'counter.sqlite'));
  return createCounter({ dataDir: dir, vault: null, central: { url: `http://127.0.0.1:${port}`, bearerToken: token }, autoSync: false });
}

/** Seconds from the central's return until the counter's queue is through. */
async function afterOutage(queueFile: string, dir: string, token: string): Promise<number> {
  const port = await freePort();
  const counter = await counterOn(queueFile, dir, port, token);
  let server: Awaited<ReturnType<typeof central>> | null = null;
  try {
    counter.test.engine.start();
    for (let i = 0; i < FAILED_ROUNDS; i++) await counter.test.engine.settle();
    if (counter.test.engine.status().online) throw new Error('the counter reached a central that should be down');
    const done = drained(counter);
    server = await central(dir, port);
    const start = performance.now();
    await done;
    return (performance.now() - start) / 1000;
  } finally {
    await counter.close();
    await server?.stop();
  }
}

/** Seconds from the engine's start until the same queue is through, the central up all along. */
async function centralUp(queueFile: string, dir: string, token: string): Promise<number> {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const server = await central(dir, port);
  const counter = await counterOn(queueFile, dir, port, token);
  try {
    const done = drained(counter);
    const start = performance.now();
    counter.test.engine.start();
    await done;
    return (performance.now() - start) / 1000;
  } finally {
    await counter.close();
    await server.stop();
  }
}

/** The outage comparison of `npm run bench -- sync`, on a queue of `count` sales in `queueFile`. */
export async function benchOutage(queueFile: string, count: number, dir: string, token: string): Promise<void> {
  const measures: Record<string, Measure> = {
    'after an outage': (r) => afterOutage(queueFile, join(dir, `outage-r${r}`), token),
    'central up': (r) => centralUp(queueFile, join(dir, `up-r${r}`), token),
  };
  const seconds = await interleaved(Object.keys(measures), ROUNDS, async (name, round) => {
    execFileSync('sync');
    const s = await measures[name]!(round + 1);
    console.log(`round ${round + 1}: ${count} sales, ${name}: ${fmt.ms(s)} s`);
    return s;
  });
  console.log(`\n${count} sales made while the central was down: from its return, against a central up all along`);
  console.log(
    comparison({ name: 'after an outage', rounds: seconds['after an outage']! }, { name: 'central up', rounds: seconds['central up']! }, [
      { label: 'seconds', of: (s: number) => s },
    ]),
  );
  const outage = summary(seconds['after an outage']!);
  console.log(
    `after an outage, median ${fmt.spread(outage, 1)} s (goal within ${GOAL_SECONDS} s): ${goalVerdict(outage.median, GOAL_SECONDS, '<=', 0)}`,
  );
}
