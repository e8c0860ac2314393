/**
 * Keeps Vitest's worker thread alive between the runs of one Vitest instance, for mutation runs.
 *
 * Stryker runs each mutant's covering tests as a new run of the same Vitest instance. Vitest (4.1)
 * starts a new worker thread for it, which imports every library the tests reach again (Fastify,
 * zod, better-sqlite3...): 0.2 s to 0.7 s of a core before the first test, most of a full mutation
 * run. A kept thread keeps those libraries, which no mutant changes. Our own modules are evaluated
 * afresh for each test file as before (vitest.mutation.config.ts sets `isolate`, and Vitest resets
 * them in the thread), so no state a module builds under one mutant (a cache, a prepared database)
 * reaches the tests of the next.
 *
 * The edits to Vitest's pool, each replacing text that must occur exactly once:
 * - a finished runner is kept for the next task, queued or not, whatever its isolation (the
 *   worker resets our modules before each isolated file);
 * - a cancelled run (Stryker's bail after the first failing test) ends when its task has ended,
 *   not when its runner has terminated, which a kept runner never does;
 * - cancelling a run leaves kept runners alone; closing the pool still stops them;
 * - the test-name filter travels with each run's files: a kept worker holds the config of the run
 *   that started it, and Stryker narrows each mutant's run to its covering tests by that filter.
 */
const edits = [
  {
    why: 'keep a finished runner',
    from: 'if (!task.isolate && !runner.isTerminated && !isMemoryLimitReached && this.queue[0]?.task.isolate === false && isEqualRunner(runner, this.queue[0].task)) {',
    to: 'if (!runner.isTerminated && !isMemoryLimitReached && (this.queue.length === 0 || isEqualRunner(runner, this.queue[0].task))) {',
  },
  {
    why: 'reuse a kept runner',
    from: 'if (task.isolate === false) {\n\t\t\tconst index = this.sharedRunners',
    to: 'if (this.sharedRunners.length > 0) {\n\t\t\tconst index = this.sharedRunners',
  },
  {
    why: 'isolated tasks may share a runner',
    from: 'if (task.isolate) throw new Error("Isolated tasks should not share runners");\n',
    to: '',
  },
  {
    why: 'a cancelled task ends with its run',
    from: 'await runner.waitForTerminated();\n\t\t\t\tresolver.reject(',
    to: 'await Promise.race([runner.waitForTerminated(), resolver.promise.catch(() => {})]);\n\t\t\t\tresolver.reject(',
  },
  {
    why: 'cancelling keeps the kept runners',
    from: 'async cancel() {',
    to: 'async cancel(closing = false) {',
  },
  {
    why: 'only closing stops the kept runners',
    from: 'await Promise.all(this.sharedRunners.map((runner) => runner.stop()));\n\t\tthis.sharedRunners = [];',
    to: 'if (closing) {\n\t\tawait Promise.all(this.sharedRunners.map((runner) => runner.stop()));\n\t\tthis.sharedRunners = [];\n\t\t}',
  },
  {
    why: 'closing the pool',
    from: 'async close() {\n\t\tawait this.cancel();\n\t}',
    to: 'async close() {\n\t\tawait this.cancel(true);\n\t}',
  },
  {
    why: "each run's test-name filter",
    from: 'testNamePattern: spec.testNamePattern,',
    to: 'testNamePattern: spec.testNamePattern ?? project.config.testNamePattern ?? /(?:)/,',
  },
];

/** Whether `source` is the Vitest chunk that holds the worker pool. */
export function holdsVitestPool(source) {
  return source.includes('\nclass Pool {') && source.includes('sharedRunners');
}

/** The pool's source with the edits above; throws, naming the edit, when Vitest's text has changed. */
export function keepWorkers(source) {
  return edits.reduce((text, edit) => {
    const at = text.indexOf(edit.from);
    if (at === -1 || text.indexOf(edit.from, at + 1) !== -1) {
      throw new Error(
        `workerReuse: Vitest's pool changed ("${edit.why}" matches ${at === -1 ? 'nothing' : 'more than once'}); update scripts/testing/workerReuse/patch.mjs for this Vitest`,
      );
    }
    return text.slice(0, at) + edit.to + text.slice(at + edit.from.length);
  }, source);
}
