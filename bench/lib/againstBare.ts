import type { ServerChild } from '../../server/testing/child';
import { runLoad } from './load';
import { failedIn, get, med } from './measure';
import type { Probe } from './probes';
import { comparison, fmt, goalVerdict, roundRatios, table } from './report';
import { interleaved } from './rounds';

/**
 * The central against the bare server (servers/bare.ts) doing the same work on the same
 * orders, on either backend: GET per probe, POST through the same group commit. Rounds are
 * interleaved; medians, spreads and verdicts printed.
 */

const ORDER_BODY = JSON.stringify({ languageId: 1, externalDeviceId: null, orderLines: [{ productId: 600, quantity: 1, vouchers: [] }] });

/** The central and the bare server over the same orders. */
export type Pair = { central: ServerChild; bare: ServerChild };

/** How a comparison is measured, and its goals. */
export interface AgainstBare {
  scale: number;
  rounds: number;
  seconds: number;
  warmup: number;
  connections: number;
  goals: { get: number; post: number };
}

/** Each probe answers 200 with the same orders, word for word, on the central and the bare server: they do the same work. */
export async function checkProbes(servers: Pair, list: Probe[], headersOf: (p: Probe) => Record<string, string>) {
  const rows: (string | number)[][] = [];
  for (const probe of list) {
    const bodies = await Promise.all(
      [servers.central, servers.bare].map(async (s) => {
        const res = await fetch(`${s.url}${probe.path}`, { headers: headersOf(probe) });
        if (res.status !== 200) throw new Error(`${probe.name}: ${s.url} answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as { orders: unknown[] };
      }),
    );
    const [central, bare] = bodies.map((b) => JSON.stringify(b.orders));
    if (central !== bare) throw new Error(`${probe.name}: the central and the bare server answered different orders`);
    rows.push([probe.name, bodies[0]!.orders.length, probe.path.length > 90 ? `${probe.path.slice(0, 87)}...` : probe.path]);
  }
  console.log(`\n${table(['request', 'orders', 'path'], rows)}`);
}

/** One probe's verdict in the GET comparison: its ratio's median, and whether a request failed. */
export interface GetVerdict {
  name: string;
  ratio: number;
  failed: number;
}

/** 1: every probe, central against bare, at o.connections; answers each probe's median ratio. */
export async function getAgainstBare(
  servers: Pair,
  list: Probe[],
  headersOf: (p: Probe) => Record<string, string>,
  o: AgainstBare,
): Promise<GetVerdict[]> {
  const rows: (string | number)[][] = [];
  const verdicts: GetVerdict[] = [];
  for (const probe of list) {
    const runs = await interleaved(['bare', 'central'] as const, o.rounds, (name) =>
      get(servers[name], probe, headersOf(probe), o.connections, o.seconds),
    );
    const ratios = roundRatios(
      runs.central.map((f) => f.rps),
      runs.bare.map((f) => f.rps),
    );
    rows.push([
      probe.name,
      fmt.rps(med(runs.central, (f) => f.rps)),
      fmt.rps(med(runs.bare, (f) => f.rps)),
      fmt.spread(ratios),
      `${fmt.ms(med(runs.central, (f) => f.p50))} / ${fmt.ms(med(runs.central, (f) => f.p99))}`,
      `${fmt.ms(med(runs.bare, (f) => f.p50))} / ${fmt.ms(med(runs.bare, (f) => f.p99))}`,
      goalVerdict(ratios.median, o.goals.get, '>=', failedIn(runs.central, runs.bare)),
    ]);
    verdicts.push({ name: probe.name, ratio: ratios.median, failed: failedIn(runs.central, runs.bare) });
  }
  console.log(
    `\nGET at ${o.scale} orders, ${o.connections} connections, ${o.rounds} rounds of ${o.seconds} s (goal central/bare >= ${o.goals.get})`,
  );
  console.log(
    table(['request', 'central req/s', 'bare req/s', 'ratio (spread)', 'central p50/p99 ms', 'bare p50/p99 ms', 'verdict'], rows),
  );
  return verdicts;
}

/** 3: POST, central against the bare server's same group commit. */
export async function postAgainstBare(servers: Pair, headers: Record<string, string>, o: AgainstBare) {
  const post = (server: ServerChild, seconds: number) =>
    runLoad({ url: `${server.url}/api/2.0/orders`, method: 'POST', headers, body: ORDER_BODY, connections: o.connections, seconds });
  for (const name of ['bare', 'central'] as const) await post(servers[name], o.warmup);
  const runs = await interleaved(['bare', 'central'] as const, o.rounds, (name) => post(servers[name], o.seconds));
  console.log(`\nPOST /orders, ${o.connections} connections, ${o.rounds} rounds of ${o.seconds} s`);
  console.log(
    comparison(
      { name: 'central', rounds: runs.central },
      { name: 'bare', rounds: runs.bare },
      [
        { label: 'req/s', of: (f) => f.rps, goal: { direction: '>=', value: o.goals.post }, digits: 0 },
        { label: 'p50 ms', of: (f) => f.p50, digits: 1 },
        { label: 'p99 ms', of: (f) => f.p99, digits: 1 },
      ],
      failedIn(runs.central, runs.bare),
    ),
  );
}
