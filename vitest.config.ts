import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,domain,server,electron,renderer,bench}/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
