import setup from './postgresSetup';

/**
 * For postgresSetup.pg.test.ts: a process that does what Vitest's main process does with the
 * postgres project's global setup (start, provide, tear down), then ends with exit code 3 the
 * way Vitest ends a failed run: by setting `process.exitCode` and letting the loop drain.
 */
const teardown = await setup({ provide: () => undefined } as unknown as Parameters<typeof setup>[0]);
await teardown();
process.exitCode = 3;
