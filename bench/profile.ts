import { readFileSync } from 'node:fs';
import { summarise, type CpuProfile, type Entry } from './lib/cpuprofile';
import { table } from './lib/report';
import { tsxLocator } from './lib/sourcemaps';

/** `npm run bench -- profile FILE [TOP]`: the functions and modules that took the CPU. */
export async function summariseProfile(args: string[]): Promise<void> {
  const [file, top = '25'] = args;
  if (!file) throw new Error('usage: npm run bench -- profile FILE.cpuprofile [TOP]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const { busyMs, idleMs, functions, modules } = summarise(profile, tsxLocator());
  const n = Number(top);
  // Shares of the busy time: a server in a benchmark with slices is idle half the time.
  const pct = (ms: number) => ((100 * ms) / busyMs).toFixed(1);
  const rows = (entries: Entry[]) => entries.slice(0, n).map((e) => [pct(e.selfMs), pct(e.totalMs), e.name]);
  console.log(`${file}\nbusy ${(busyMs / 1000).toFixed(1)} s, idle ${(idleMs / 1000).toFixed(1)} s; shares are of the busy time\n`);
  console.log(`${table(['self %', 'total %', 'module'], rows(modules))}\n`);
  console.log(`${table(['self %', 'total %', 'function (by self time)'], rows(functions))}\n`);
  console.log('usual callers of the top ten:');
  for (const e of functions.slice(0, 10)) console.log(`  ${e.name}\n      < ${e.via || '(none)'}`);
  console.log();
  const inclusive = [...functions].sort((a, b) => b.totalMs - a.totalMs);
  console.log(table(['self %', 'total %', 'function (by inclusive time)'], rows(inclusive)));
}
