import { register } from 'node:module';

// `node --import .../register.mjs`: Stryker passes it to its test-runner processes
// (stryker.config.mjs, testRunnerNodeArgs), so only mutation runs share Vitest workers.
register('./hooks.mjs', import.meta.url);
