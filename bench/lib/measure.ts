import { TEST_SECRET, counterToken } from '../../electron/core/testing/central';
import { signCustomerToken } from '../../server/auth';
import type { ServerChild } from '../../server/testing/child';
import { runLoad, runSequential } from './load';
import type { Probe } from './probes';
import { fmt, goalVerdict, roundRatios, summary, table, type Figures } from './report';
import { interleaved } from './rounds';

/** Measurements the central benchmark makes on either backend. */

export async function headersFor(heavyCustomer: number) {
  const channel = { authorization: `Bearer ${await counterToken()}`, 'content-type': 'application/json' };
  const customer = { ...channel, 'x-operator-jwt-auth-header': await signCustomerToken(TEST_SECRET, heavyCustomer) };
  return (probe: Pick<Probe, 'customer'>) => (probe.customer ? customer : channel);
}

export const get = (server: ServerChild, probe: Probe, headers: Record<string, string>, connections: number, seconds: number) =>
  runLoad({ url: `${server.url}${probe.path}`, method: 'GET', headers, connections, seconds });

export const failedIn = (...runs: Figures[][]) => runs.flat().reduce((sum, f) => sum + f.failed, 0);
export const med = (runs: Figures[], pick: (f: Figures) => number | undefined) => summary(runs.map((f) => pick(f) ?? Number.NaN)).median;

/** 2: every probe one at a time, at BENCH_SCALE against BENCH_SMALL orders. */
export async function scaleRatios(
  servers: { central: ServerChild; small: ServerChild },
  list: Probe[],
  small: Probe[],
  headersOf: (p: Probe) => Record<string, string>,
  o: { scale: number; small: number; rounds: number; seconds: number; goal: number },
) {
  const rows: (string | number)[][] = [];
  for (const [i, probe] of list.entries()) {
    const runs = await interleaved(['small', 'central'] as const, o.rounds, (name) =>
      runSequential({
        url: `${servers[name].url}${(name === 'small' ? small[i]! : probe).path}`,
        method: 'GET',
        headers: headersOf(probe),
        seconds: o.seconds,
      }),
    );
    const ratios = roundRatios(
      runs.central.map((f) => f.p50),
      runs.small.map((f) => f.p50),
    );
    rows.push([
      probe.name,
      `${med(runs.small, (f) => f.p50).toFixed(2)} / ${med(runs.small, (f) => f.p99).toFixed(2)}`,
      `${med(runs.central, (f) => f.p50).toFixed(2)} / ${med(runs.central, (f) => f.p99).toFixed(2)}`,
      fmt.spread(ratios),
      goalVerdict(ratios.median, o.goal, '<=', failedIn(runs.central, runs.small)),
    ]);
  }
  console.log(
    `\nGET one request at a time: ${o.scale} against ${o.small} orders, ${o.rounds} rounds of ${o.seconds} s (goal p50 ratio <= ${o.goal}; p99 printed beside)`,
  );
  console.log(table(['request', `p50 / p99 ms at ${o.small}`, `p50 / p99 ms at ${o.scale}`, 'p50 ratio (spread)', 'verdict'], rows));
}
