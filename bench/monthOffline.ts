import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import BetterSqlite3 from 'better-sqlite3';
import type { CounterOrder, IpcResult } from '../shared/ipc';
import { ORDER_STATUS } from '../shared/enums';
import { createCounter } from '../electron/core/counter';
import { TEST_SECRET } from '../electron/core/testing/central';
import { startServerChild } from '../server/testing/child';
import { CENTRAL_NODE_FLAGS } from '../server/nodeFlags';
import { parsePrometheus } from '../server/testing/prometheus';
import { offlineCounter } from './counter';
import { fmt, goalVerdict, summary } from './lib/report';
import { envNumber, ROUNDS } from './lib/rounds';
import { secondsUntilSent } from './lib/untilSent';

/**
 * A counter back after a month offline (issue 33, point 5): `BENCH_SYNC_MONTH` (50,000) sales,
 * each created, paid in cash and delivered through the counter's own handlers while its
 * central was down (the faithful path: every row, outbox entry and sync row as a clerk's sales
 * make them; slow to make, so made once and copied for every round). Each round: a fresh
 * central in a child process on its own SQLite file, the counter on its copy, seconds from
 * `engine.start()` until the engine reports, left alone, nothing pending and no error. Then the
 * central's file is read: every sale there once (by its external id), none twice, each
 * delivered. Goal: within 60 s.
 */

const SALES = envNumber('BENCH_SYNC_MONTH', 50_000);
const GOAL_SECONDS = 60;
/**
 * A counter database of BENCH_SYNC_MONTH sales kept from an earlier run: used as it is when the
 * file exists, else made and kept there (making 50,000 through the handlers takes minutes).
 */
const KEPT_QUEUE = process.env.BENCH_SYNC_MONTH_QUEUE;
/** A directory: the central child runs with `--cpu-prof` there, and the counter (this process) is profiled over each round's push. */
const PROFILE = process.env.BENCH_PROFILE;

function value(answer: IpcResult<unknown>): CounterOrder {
  if (!answer.ok) throw new Error(`a sale failed: ${answer.error.code} ${answer.error.message}`);
  return answer.value as CounterOrder;
}

/** The counter's database file with SALES sales made offline: create, pay in cash, deliver. */
async function monthOfSales(dir: string, token: string): Promise<string> {
  const counter = await offlineCounter(dir, token);
  // Setup, not timed: no disk sync per commit while the sales are made (the rows are the handlers'
  // own, a pragma changes none of them); the close checkpoints the WAL into the file copied.
  counter.test.db.pragma('synchronous = OFF');
  const start = performance.now();
  for (let i = 0; i < SALES; i++) {
    if (i > 0 && i % 5000 === 0) console.log(`${i} sales made, ${fmt.ms((performance.now() - start) / 1000)} s`);
    const made = value(await counter.dispatch('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 + (i % 3) }] }));
    const due = made.order.totalAmount;
    value(
      await counter.dispatch('payments.add', {
        orderId: made.order.orderId,
        payment: { paymentMethodId: 1, amountDebit: due, operatorPaymentReference: `cash-${i}`, statusCode: 'SETTLED' },
      }),
    );
    value(await counter.dispatch('orders.deliver', { orderId: made.order.orderId }));
  }
  console.log(`${SALES} sales made offline through the handlers in ${fmt.ms((performance.now() - start) / 1000)} s`);
  await counter.close();
  return join(dir, 'counter.sqlite');
}

/** What the central holds after a round: orders, distinct external ids (once), delivered ones. */
function centralHolds(file: string): { orders: number; once: number; delivered: number } {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db
      .prepare(`SELECT COUNT(*) AS orders, COUNT(DISTINCT external_order_id) AS once, SUM(status_id = ?) AS delivered FROM orders`)
      .get(ORDER_STATUS.delivered) as { orders: number; once: number; delivered: number };
  } finally {
    db.close();
  }
}

/** The central's answers of 5xx by route and status, from its /metrics: 503 is its load shedding (docs/operations.md). */
async function centralErrors(url: string): Promise<Record<string, number>> {
  const { samples } = parsePrometheus(await (await fetch(`${url}/metrics`)).text());
  return Object.fromEntries(
    samples
      .filter((s) => s.name === 'http_requests_total' && Number(s.labels.status) >= 500)
      .map((s) => [`${s.labels.method} ${s.labels.route} ${s.labels.status}`, s.value]),
  );
}

async function sendRound(queueFile: string, dir: string, token: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  copyFileSync(queueFile, join(dir, 'counter.sqlite'));
  const centralFile = join(dir, 'central.sqlite');
  const central = await startServerChild(new URL('./servers/central.ts', import.meta.url), [centralFile, TEST_SECRET], {
    cpuProfDir: PROFILE,
    nodeFlags: CENTRAL_NODE_FLAGS,
  });
  const counter = await createCounter({ dataDir: dir, vault: null, central: { url: central.url, bearerToken: token }, autoSync: false });
  // What went wrong in a slow round: the sync errors the engine reported on its way.
  const errors = new Map<string, number>();
  counter.on('sync.changed', (s) => s.lastError && errors.set(s.lastError, (errors.get(s.lastError) ?? 0) + 1));
  let seconds: number;
  try {
    seconds = PROFILE
      ? await profiled(join(PROFILE, `counter.${basename(dir)}.cpuprofile`), () => secondsUntilSent(counter))
      : await secondsUntilSent(counter);
  } finally {
    await counter.close();
    const answered5xx = await centralErrors(central.url);
    await central.stop();
    if (errors.size > 0) console.log(`sync errors on the way: ${JSON.stringify(Object.fromEntries(errors))}`);
    if (Object.keys(answered5xx).length > 0) console.log(`the central's 5xx answers: ${JSON.stringify(answered5xx)}`);
  }
  const held = centralHolds(centralFile);
  if (held.orders !== SALES || held.once !== SALES || held.delivered !== SALES)
    throw new Error(`the central holds ${JSON.stringify(held)}, not ${SALES} delivered sales once each`);
  return seconds;
}

/** Runs `work` under the inspector's CPU profiler and writes the profile to `file` (read it with `npm run bench -- profile`). */
async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(file), { recursive: true });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`the counter's profile: ${file}`);
  }
}

/** `BENCH_SYNC_PART=month npm run bench -- sync`: the month offline alone; it also runs last in the whole sync benchmark. */
export async function benchMonthOffline(dir: string, token: string): Promise<void> {
  console.log(`\na month offline: ${SALES} sales (create, cash payment, deliver) made offline (BENCH_SYNC_MONTH), ${ROUNDS} rounds`);
  const queue = KEPT_QUEUE && existsSync(KEPT_QUEUE) ? KEPT_QUEUE : await monthOfSales(join(dir, 'queue-month'), token);
  if (KEPT_QUEUE && queue !== KEPT_QUEUE) copyFileSync(queue, KEPT_QUEUE);
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const s = await sendRound(queue, join(dir, `month-${round}`), token);
    console.log(`round ${round + 1}: ${fmt.ms(s)} s, ${Math.round(SALES / s)} sales/s; the central holds each once, delivered`);
    rounds.push(s);
  }
  const time = summary(rounds);
  console.log(
    `a month offline, ${SALES} sales: median ${fmt.spread(time, 1)} s (goal within ${GOAL_SECONDS} s): ${goalVerdict(time.median, GOAL_SECONDS, '<=', 0)}`,
  );
}
