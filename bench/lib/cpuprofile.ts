/**
 * Reads a V8 .cpuprofile (node --cpu-prof) into self and inclusive time per function and
 * per module, and the call path that most often led to each function: enough to tell
 * which code dominates a server under load without opening DevTools.
 */

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface Entry {
  name: string;
  selfMs: number;
  totalMs: number;
  /** The three callers most often above it, nearest first. */
  via?: string;
}

/** Maps a generated position (0-based) to a readable source location, when it can. */
export type Locate = (url: string, line: number, column: number) => string | undefined;

// Not work: time the process waited, or spent outside JavaScript on V8's own account.
const NOT_WORK = new Set(['(idle)', '(program)']);

/** Where a function lives: a package, a repo file, node's internals, or V8 itself. */
export function moduleOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const repo = /\/((?:bench|domain|server|shared|electron)\/.*)$/.exec(url);
  return repo ? repo[1]! : url.replace(/^file:\/\//, '');
}

export function functionKey(frame: CallFrame, locate?: Locate): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const where = locate?.(frame.url, frame.lineNumber, frame.columnNumber) ?? `${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  return `${name} ${moduleOf(frame.url)}:${where}`;
}

export function summarise(profile: CpuProfile, locate?: Locate) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = new Map(profile.nodes.map((n) => [n.id, functionKey(n.callFrame, locate)]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the time after it belongs to sample i.
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const functions = new Map<string, Entry>();
  const modules = new Map<string, Entry>();
  const paths = new Map<string, Map<string, number>>();
  const entry = (map: Map<string, Entry>, name: string) => {
    let e = map.get(name);
    if (!e) map.set(name, (e = { name, selfMs: 0, totalMs: 0 }));
    return e;
  };
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const own = keyOf.get(id)!;
    if (NOT_WORK.has(own)) {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const ms = us / 1000;
    entry(functions, own).selfMs += ms;
    entry(modules, moduleOf(byId.get(id)!.callFrame.url)).selfMs += ms;
    // Inclusive: credit each distinct function/module on the stack once (recursion counts once).
    const seenF = new Set<string>();
    const seenM = new Set<string>();
    const chain: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = keyOf.get(at)!;
      const m = moduleOf(byId.get(at)!.callFrame.url);
      if (f === '(root)') break;
      if (at !== id && chain.length < 3) chain.push(f);
      if (!seenF.has(f)) {
        seenF.add(f);
        entry(functions, f).totalMs += ms;
      }
      if (!seenM.has(m)) {
        seenM.add(m);
        entry(modules, m).totalMs += ms;
      }
    }
    const via = chain.join(' < ');
    const forOwn = paths.get(own) ?? new Map<string, number>();
    paths.set(own, forOwn.set(via, (forOwn.get(via) ?? 0) + us));
  }
  for (const [name, vias] of paths) entry(functions, name).via = [...vias].sort((a, b) => b[1] - a[1])[0]?.[0];
  const bySelf = (a: Entry, b: Entry) => b.selfMs - a.selfMs;
  return {
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
    functions: [...functions.values()].sort(bySelf),
    modules: [...modules.values()].sort(bySelf),
  };
}
