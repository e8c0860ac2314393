import { defineConfig } from 'vitest/config';

/**
 * Two projects: `sqlite` runs every suite; `postgres` runs the central's suites that go through
 * the order store again on PostgreSQL (a real server, started once for the run by
 * postgresSetup.ts), plus the PostgreSQL backend's own tests (`*.pg.test.ts`).
 */
const ON_BOTH_BACKENDS = [
  'server/*.http.test.ts',
  'server/{auth,fuzz,logs,lookup,paging}.test.ts',
  'server/**/*.pg.test.ts',
  'domain/**/*.pg.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A stray `.only` would silently skip the rest of the suite: refused everywhere, not only in CI.
    allowOnly: false,
    reporters: ['default', './scripts/testing/vitestSkips.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['{shared,domain,server,electron,renderer,bench,scripts,devtools}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ON_BOTH_BACKENDS,
          globalSetup: ['./server/testing/postgresSetup.ts'],
          // The server starts once for the run; its first start (initdb) can take a while on a busy machine.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
