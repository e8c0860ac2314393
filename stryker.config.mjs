// @ts-check
import { fileURLToPath } from 'node:url';
/**
 * Mutation testing (issue 13) of the modules that guard money, sync and access.
 *
 * `mutationTargets` is the one list to extend: each entry is one folder (or file) of the
 * per-folder report (`scripts/testing/mutationScores.ts`, held to 85 %) and names the test set
 * that judges it. A test set is run by Stryker on its own (`npm run mutate` runs them in turn):
 * the sync and access tests each start a central and a counter, and running them against every
 * mutant of the order rules as well would take hours on two cores.
 */
export const mutationTargets = [
  { files: 'domain/rules/**/*.ts', tests: 'domain' },
  { files: 'domain/order/**/*.ts', tests: 'domain' },
  { files: 'domain/service.ts', tests: 'domain' },
  // SQLite's group commit. PostgreSQL's is judged by its own tests in the postgres project of
  // npm test; they need the run's server, which a mutation run does not start.
  { files: 'domain/store/sqlite/groupCommit.ts', tests: 'domain' },
  { files: 'electron/core/sync/**/*.ts', tests: 'sync' },
  { files: 'electron/browserShell/access.ts', tests: 'access' },
  { files: 'electron/shell/policy.ts', tests: 'access' },
  { files: 'server/auth.ts', tests: 'access' },
  // Permissions: which IPC channel a role may call (`mayCall`; each channel's access is declared
  // in shared/ipc/<area>.ts), and the dispatcher that enforces it.
  { files: 'shared/ipc/index.ts', tests: 'access' },
  { files: 'electron/core/dispatch.ts', tests: 'access' },
  // The manager's day (issue 11): the report figures (pure) and the main-process rules for
  // refunds, day close, exports and audit; the review's reads and the order facts they search
  // live with the orders that write them.
  { files: 'domain/reports/**/*.ts', tests: 'domain' },
  { files: 'electron/core/manager/**/*.ts', tests: 'manager' },
  { files: 'electron/core/orders/review.ts', tests: 'manager' },
  { files: 'electron/core/orders/facts.ts', tests: 'manager' },
  { files: 'electron/core/audit/audit.ts', tests: 'manager' },
];

/**
 * The tests each set runs against its mutants (vitest.mutation.config.ts). Left out everywhere:
 * tests that spawn and kill processes (crash, restart, CLI, the central killed mid-sync),
 * renderer component tests, benchmarks and the end-to-end suite.
 */
export const testSets = {
  // The domain's own unit tests, in-process and milliseconds each. The central's HTTP suites cover
  // the same code again (npm test runs them) but cost 10 to 20 s per surviving mutant on two cores.
  domain: ['domain/**/*.test.ts'],
  // The unit tests (the central's app in-process, a counter on a prepared copy, a frozen clock:
  // about 0.1 s each). The scenario suites (a central, a faulty proxy and a counter on files,
  // 1 to 18 s each) stay in npm test: run against each mutant the unit tests leave alive, they
  // alone took longer than the 30 minutes a full run may take.
  sync: [
    'electron/core/sync/{plan,plan.payments,adopt,match,pipeline,push,push.end,push.steps,pull.unit,engine.unit,engine.schedule,saleBatches.unit,state}.test.ts',
  ],
  access: [
    'server/auth{,.verify}.test.ts',
    'electron/browserShell/{access,server}.test.ts',
    'electron/shell/{policy,hardening}.test.ts',
    'electron/core/{access,dispatch,handlers}.test.ts',
  ],
  // exports.test.ts starts the export worker thread for each test (seconds each on a loaded
  // machine): it stays in npm test.
  manager: [
    'electron/core/manager/!(exports).test.ts',
    'electron/core/orders/{review,reviewPlans,facts}.test.ts',
    'electron/core/audit/audit.test.ts',
  ],
};

/** Tests and test helpers are the judges, not the judged. */
const notMutated = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

// Unset when another script only reads the lists above (mutationScores.ts); Stryker then mutates nothing.
const set = process.env.MUTATION_SET;
if (set !== undefined && !(set in testSets)) throw new Error(`MUTATION_SET must be one of ${Object.keys(testSets).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  // `related: false`: with per-test coverage Stryker names the covering tests itself, so Vitest
  // need not work out again, for every mutant, which test files import the mutated file.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // One Vitest worker serves every mutant of a test runner instead of a new one per mutant
  // (scripts/testing/workerReuse/patch.mjs says how and why): a full run takes a third of the time.
  testRunnerNodeArgs: ['--import', fileURLToPath(new URL('scripts/testing/workerReuse/register.mjs', import.meta.url))],
  // The TypeScript checker is off by default (MUTATION.md, "The type checker"): on two cores it
  // took one of the two processes and 1.5 to 3 minutes to start per test set. Mutants it would
  // refuse are then run and, if no test fails, counted as survivors: the score can only be lower.
  // `npm run mutate -- --checkers typescript` turns it on.
  checkers: [],
  tsconfigFile: 'tsconfig.node.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: [...mutationTargets.filter((t) => t.tests === set).map((t) => t.files), ...notMutated.map((pattern) => `!${pattern}`)],
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant) would need the whole test set per mutant.
  ignoreStatic: true,
  concurrency: 2,
  incremental: true,
  incrementalFile: `reports/stryker-incremental/${set}.json`,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${set}.json` },
  htmlReporter: { fileName: `reports/mutation/${set}.html` },
  // The 85 % bar is per folder (mutationScores.ts); Stryker's own break is global only.
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
