import { TEST_SECRET, counterToken } from '../../electron/core/testing/central';
import { signCustomerToken } from '../../server/auth';
import type { ServerChild } from '../../server/testing/child';
import { runLoad, runSequential } from './load';
import type { Probe } from './probes';
import { fmt, goalVerdict, summary, table, type Figures } from './report';
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
    const ratios = summary(runs.central.map((c, k) => (c.p50 ?? NaN) / (runs.small[k]!.p50 ?? NaN)));
    rows.push([
      probe.name,
      med(runs.small, (f) => f.p50).toFixed(2),
      med(runs.central, (f) => f.p50).toFixed(2),
      fmt.spread(ratios),
      goalVerdict(ratios.median, o.goal, '<=', failedIn(runs.central, runs.small)),
    ]);
  }
  console.log(
    `\nGET p50 one request at a time: ${o.scale} against ${o.small} orders, ${o.rounds} rounds of ${o.seconds} s (goal <= ${o.goal})`,
  );
  console.log(table(['request', `p50 ms at ${o.small}`, `p50 ms at ${o.scale}`, 'ratio (spread)', 'verdict'], rows));
}
