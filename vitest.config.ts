import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,domain,server,electron,renderer,bench,scripts}/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A stray `.only` would silently skip the rest of the suite: refused everywhere, not only in CI.
    allowOnly: false,
    reporters: ['default', './scripts/testing/vitestSkips.ts'],
  },
});
