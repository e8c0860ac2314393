import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdsVitestPool, keepWorkers } from './patch.mjs';

const here = import.meta.dirname;
const chunks = join(here, '../../../node_modules/vitest/dist/chunks');

/** The installed Vitest's chunks that hold its worker pool (one, as long as the edits fit). */
const pools = () =>
  readdirSync(chunks)
    .map((name) => readFileSync(join(chunks, name), 'utf8'))
    .filter(holdsVitestPool);

type Run = { tests: Record<string, string>; logs: string[] };

/** driver.mjs's four runs, in a Node with or without the load hook of register.mjs. */
function runDriver(hooked: boolean): Run[] {
  const args = [...(hooked ? ['--import', join(here, 'register.mjs')] : []), join(here, 'fixture/driver.mjs')];
  const output = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const line = output.split('\n').find((l) => l.startsWith('RUNS '));
  if (line === undefined) throw new Error(`driver.mjs printed no RUNS line:\n${output}`);
  return JSON.parse(line.slice('RUNS '.length)) as Run[];
}

let runsWithHook: Run[] | undefined;
/** The driver's runs with the hook, run once for the tests below that only read them. */
const withHook = () => (runsWithHook ??= runDriver(true));

/** Each log line is "<thread id> <fixture evaluations in that thread> <moduleState.ts's evaluation>". */
const logged = (runs: Run[]) => runs.map((run) => run.logs.map((log) => log.split(' ').map(Number)));

describe("the mutation runs' shared Vitest worker", () => {
  it('edits the installed Vitest: exactly one chunk holds the pool, and every edit applies once', () => {
    const found = pools();
    expect(found).toHaveLength(1);
    const edited = keepWorkers(found[0] ?? '');
    expect(edited).toContain('async cancel(closing = false) {');
    expect(edited).toContain('this.queue.length === 0 ||');
  });

  it('refuses a Vitest whose pool no longer has the text an edit replaces, naming the edit', () => {
    const [pool] = pools();
    expect(() => keepWorkers((pool ?? '').replace('async cancel() {', 'async cancel(reason) {'))).toThrow(
      /cancelling keeps the kept runners.*matches nothing/,
    );
  });

  it('runs every run in one worker thread, evaluating the test file and our modules anew each time', () => {
    const lines = logged(withHook()).flat();
    expect(new Set(lines.map(([thread]) => thread)).size).toBe(1);
    // Run 1 logs twice, run 2 bails after its first test, run 3 runs the second test only, run 4 both.
    expect(lines.map(([, loads]) => loads)).toEqual([1, 1, 2, 3, 4, 4]);
    expect(lines.map(([, , evaluation]) => evaluation)).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('after a run stopped at its first failure, runs the next one in full', () => {
    const runs = withHook();
    expect(runs.map((run) => run.tests.first)).toEqual(['pass', 'fail', 'not run', 'pass']);
    expect(runs[1]?.tests.second).not.toBe('pass');
    expect(runs[3]?.tests.second).toBe('pass');
  });

  it("honours each run's own test-name filter in the kept worker", () => {
    const third = withHook()[2];
    expect(third?.tests).toEqual({ first: 'not run', second: 'pass' });
  });

  it('without the hook, Vitest starts a new worker for every run (what the hook saves)', () => {
    const lines = logged(runDriver(false)).flat();
    expect(lines.map(([, loads]) => loads)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(new Set(lines.map(([thread]) => thread)).size).toBe(4);
  });
});
