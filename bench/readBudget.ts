import { loadavg } from 'node:os';
import { benchCentral, centralBenchFromEnv } from './central';
import { envNumber } from './lib/rounds';

/**
 * `npm run bench -- budget` (run by `npm test`, hence by the CI): the quick mode of the central's
 * GET comparison against bare (central.ts, part 1) on a small SQLite store, a few seconds a
 * request, and the one benchmark that fails: it exits 1 when any of the fifteen requests
 * answers under BUDGET × bare req/s (median of the interleaved rounds), or any request failed.
 * The budget is wide (the goal in the full benchmark stays 0.9) because the CI's machine is
 * shared: it catches a read path that lost a quarter, not one that lost a few per cent.
 */

/** The CI's floor for central/bare req/s, per request (bench/README, "The CI's read budget"). */
export const BUDGET = 0.75;

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

export async function benchReadBudget(): Promise<void> {
  const fromEnv = centralBenchFromEnv();
  const quick = {
    ...fromEnv,
    // Each size unless its variable says otherwise: a store that seeds in a second or two.
    scale: envNumber('BENCH_SCALE', 5000),
    small: envNumber('BENCH_SMALL', 500),
    seconds: envNumber('BENCH_SECONDS', 0.5),
    warmup: envNumber('BENCH_WARMUP', 0.5),
    connections: envNumber('BENCH_CONNECTIONS', 20),
    only: 'get',
    goals: { ...fromEnv.goals, get: BUDGET },
  };
  console.log(`read budget: load average ${loadAverage()} (1, 5, 15 min)`);
  const verdicts = await benchCentral(quick);
  const under = verdicts.filter((v) => v.failed > 0 || !(v.ratio >= BUDGET));
  console.log(`load average ${loadAverage()} (1, 5, 15 min)`);
  if (verdicts.length === 0 || under.length > 0) {
    const names = under.map((v) => `${v.name} ${v.failed > 0 ? `(${v.failed} failed requests)` : v.ratio.toFixed(2)}`);
    console.error(`read budget: FAIL, under ${BUDGET} × bare: ${names.join('; ') || 'nothing measured'}`);
    process.exitCode = 1;
    return;
  }
  console.log(`read budget: PASS, all ${verdicts.length} requests at least ${BUDGET} × bare`);
}
