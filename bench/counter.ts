import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { CounterOrder } from '../shared/ipc';
import type { CreateOrderInput } from '../shared/schemas/requests';
import { openCounterDatabase } from '../electron/core/db/database';
import { tempDir } from '../server/testing/fixtures';
import { createCounter } from '../electron/core/counter';
import { createBody } from '../electron/core/sync/plan';
import { counterToken, startTestCentral, TEST_SECRET } from '../electron/core/testing/central';
import { freePort } from '../electron/core/testing/processes';
import { startServerChild } from '../server/testing/child';
import { bareOrderWriter, sameWrites, writesOf } from './lib/bareOrderWrite';
import { comparison, latencyColumns, latencyOf } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * `npm run bench -- counter`, three comparisons, each in interleaved rounds (A B, B A, ...):
 * (1) the latency of creating and validating an order with three lines through the counter's
 * IPC handler, against bare prepared statements writing the same rows (checked) in one
 * transaction each, with the same durability; (2) sync throughput to a local central, against
 * that central creating the same orders directly; (3) touch to line (touch.ts).
 */

const ORDERS = envNumber('BENCH_ORDERS', 1000);
/** Writes of each kind before the rounds, not timed: the code paths compiled, the writes compared. */
const WARMUP = Math.min(ORDERS, 100);
const GOALS = { handler: { p50: 2, p99: 2 }, sync: 0.5 } as const;

const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const THREE_LINES = () => [
  { productId: 600, quantity: 1 },
  { productId: 601, quantity: 2, validFrom: at(1) },
  { productId: 101, quantity: 1, validFrom: at(2) },
];

export async function offlineCounter(dir: string, token: string) {
  // Nothing listens on a free port: the counter works offline, as at a counter whose network is down.
  const url = `http://127.0.0.1:${await freePort()}`;
  // The demo staff beside the bench's central: Anna sells.
  const counter = await createCounter({
    dataDir: dir,
    vault: null,
    central: { url, bearerToken: token },
    autoSync: false,
    demoStaff: true,
  });
  const login = await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' });
  if (!login.ok) throw new Error(`login failed: ${login.error.message}`);
  return counter;
}

/** Milliseconds of each of `n` calls, one after another. */
async function timed(n: number, call: () => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** 1: orders.create through the handler against the bare statements, ORDERS of each per round. */
async function handlerLatency(dir: string) {
  const counter = await offlineCounter(join(dir, 'handler'), await counterToken());
  const db = openCounterDatabase(join(dir, 'bare.sqlite'));
  try {
    const create = async () => {
      const answer = await counter.dispatch('orders.create', { languageId: 1, orderLines: THREE_LINES() });
      if (!answer.ok) throw new Error(`orders.create failed: ${answer.error.message}`);
      return (answer.value as CounterOrder).order;
    };
    const bare = bareOrderWriter(db, await create());
    bare();
    const before = { handler: writesOf(counter.test.db), bare: writesOf(db) };
    await timed(WARMUP, create);
    await timed(WARMUP, bare);
    sameWrites({ before: before.handler, after: writesOf(counter.test.db) }, { before: before.bare, after: writesOf(db) });

    const rounds = await interleaved(['bare', 'handler'] as const, ROUNDS, async (side) =>
      latencyOf(await timed(ORDERS, side === 'handler' ? create : bare)),
    );
    console.log(`orders.create, ${ROUNDS} interleaved rounds of ${ORDERS} orders each way (after ${WARMUP} of each not timed)`);
    console.log(
      comparison({ name: 'handler', rounds: rounds.handler }, { name: 'bare', rounds: rounds.bare }, latencyColumns(GOALS.handler)),
    );
  } finally {
    await counter.close();
    db.close();
  }
}

/** A counter folder holding ORDERS orders made while its central was down, and their create bodies. */
async function queued(dir: string, token: string): Promise<{ dir: string; inputs: CreateOrderInput[] }> {
  const offline = await offlineCounter(dir, token);
  const inputs: CreateOrderInput[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const answer = await offline.dispatch('orders.create', { languageId: 1, orderLines: THREE_LINES() });
    if (!answer.ok) throw new Error(`orders.create failed: ${answer.error.message}`);
    inputs.push(createBody((answer.value as CounterOrder).order, randomUUID()));
  }
  await offline.close();
  return { dir, inputs };
}

/** Orders per second for the counter to push its queue to a central in its own process, as a real one is. */
async function syncRate(queue: { dir: string }, centralFile: string, token: string): Promise<number> {
  const central = await startServerChild(new URL('./servers/central.ts', import.meta.url), [centralFile, TEST_SECRET], {
    cpuProfDir: process.env.BENCH_PROFILE,
  });
  const counter = await createCounter({
    dataDir: queue.dir,
    vault: null,
    central: { url: central.url, bearerToken: token },
    autoSync: false,
  });
  try {
    const start = performance.now();
    counter.test.engine.start();
    const status = await counter.test.engine.settle();
    const seconds = (performance.now() - start) / 1000;
    if (status.pending !== 0) throw new Error(`sync did not settle: ${JSON.stringify(status)}`);
    return ORDERS / seconds;
  } finally {
    await counter.close();
    await central.stop();
  }
}

/** Orders per second for a central to create the same orders itself, one after another, through its OrderService (no HTTP). */
async function directRate(inputs: CreateOrderInput[], dir: string): Promise<number> {
  const direct = await startTestCentral(dir);
  try {
    const start = performance.now();
    for (const input of inputs) {
      const made = await direct.service.create(input, { touchpointId: 10, customerProfileId: null });
      if (!made.ok) throw new Error('direct create failed');
    }
    return ORDERS / ((performance.now() - start) / 1000);
  } finally {
    await direct.close();
  }
}

/** 2: each round a queue of its own, made before the rounds; sync and direct take turns. */
async function syncThroughput(dir: string) {
  const token = await counterToken();
  const queues: Awaited<ReturnType<typeof queued>>[] = [];
  for (let round = 0; round < ROUNDS; round++) queues.push(await queued(join(dir, `round-${round}`, 'counter'), token));
  const rounds = await interleaved(['direct', 'sync'] as const, ROUNDS, (side, round) => {
    const folder = join(dir, `round-${round}`);
    return side === 'sync'
      ? syncRate(queues[round]!, join(folder, 'central-sync.sqlite'), token)
      : directRate(queues[round]!.inputs, folder);
  });
  console.log(
    `sync of ${ORDERS} queued orders to a local central, ${ROUNDS} interleaved rounds (per request p50/p99: none, the goal is on the whole queue)`,
  );
  console.log(
    comparison({ name: 'sync', rounds: rounds.sync }, { name: 'direct', rounds: rounds.direct }, [
      { label: 'orders/s', of: (r) => r, goal: { direction: '>=', value: GOALS.sync }, digits: 0 },
    ]),
  );
}

export async function benchCounter(): Promise<void> {
  const { dir, remove } = tempDir('counter-bench-');
  try {
    console.log(`counter benchmark: ${ORDERS} orders of 3 lines per measurement (BENCH_ORDERS), ${ROUNDS} rounds (BENCH_ROUNDS)\n`);
    // BENCH_ONLY: one part (handler, sync or touch); all three when unset.
    const only = process.env.BENCH_ONLY?.toLowerCase();
    if (!only || only === 'handler') await handlerLatency(dir);
    if (!only) console.log('');
    if (!only || only === 'sync') await syncThroughput(dir);
    if (!only) console.log('');
    if (!only || only === 'touch') await (await import('./touch')).benchTouch();
  } finally {
    remove();
  }
}
