import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { printScores } from './mutationScores';

/**
 * `npm run mutate [-- SET...] [-- stryker options]`: Stryker over each test set of
 * stryker.config.mjs in turn (all of them without a SET), incremental, then the score per
 * folder. Exits 1 when Stryker fails or a folder is under the bar.
 */
const { testSets } = z
  .object({ testSets: z.record(z.string(), z.array(z.string())) })
  .parse(await import(pathToFileURL(resolve('stryker.config.mjs')).href));

const args = process.argv.slice(2);
const chosen = args.filter((a) => a in testSets);
const strykerArgs = args.filter((a) => !(a in testSets));
const sets = chosen.length > 0 ? chosen : Object.keys(testSets);

const started = Date.now();
for (const set of sets) {
  const began = Date.now();
  console.log(`\n== mutation testing: test set ${set}`);
  const run = spawnSync('npx', ['stryker', 'run', ...strykerArgs], { stdio: 'inherit', env: { ...process.env, MUTATION_SET: set } });
  console.log(`== test set ${set}: ${Math.round((Date.now() - began) / 1000)} s`);
  if (run.status !== 0) {
    console.log(`Stryker failed on the test set ${set} (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
}
console.log(`\nMutation testing took ${Math.round((Date.now() - started) / 1000)} s (${sets.join(', ')}).\n`);
if (!(await printScores())) process.exitCode = 1;
