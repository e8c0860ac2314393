import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'vitest/config';
import SmallFilesFirst from './scripts/testing/smallFilesFirst';
import { z } from 'zod';

/** The tests Stryker runs against the mutants of one test set (`MUTATION_SET`, see stryker.config.mjs). */
const { testSets } = z
  .object({ testSets: z.record(z.string(), z.array(z.string())) })
  .parse(await import(pathToFileURL(resolve(import.meta.dirname, 'stryker.config.mjs')).href));

export default defineConfig({
  test: {
    include: testSets[process.env.MUTATION_SET ?? ''] ?? [],
    // The PostgreSQL backend's own tests need the run's server (vitest.config.ts, project postgres);
    // the mutated modules are judged on SQLite, where the same suites run.
    exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
    // The sets' tests take milliseconds to a second; the manager's exports (a PDF, a thousand
    // audit rows) took over 5 s under `nice` on a loaded machine. A mutant that makes one wait
    // for ever (a loop that no longer ends, an answer never given) fails it here, in seconds;
    // Stryker's own time-out would allow the net time of every covering test again, and then
    // restart its test runner.
    testTimeout: 15_000,
    hookTimeout: 10_000,
    allowOnly: false,
    // Each test file starts from freshly evaluated modules of ours, so that what a module keeps
    // (a cache, a prepared database) under one mutant never reaches the tests of another. The
    // libraries stay loaded: Stryker's test runners keep one Vitest worker thread for all their
    // mutants (stryker.config.mjs, scripts/testing/workerReuse).
    isolate: true,
    sequence: { sequencer: SmallFilesFirst },
  },
});
