import { test as base } from '@playwright/test';
import { startCounter, type RunningCounter } from './counter';

export { expect } from '@playwright/test';

interface CounterFixtures {
  /** A counter of its own for every test: the browser shell on a fresh data folder (embedded demo central). */
  counter: RunningCounter;
}

export const test = base.extend<CounterFixtures>({
  counter: async ({}, use) => {
    const counter = await startCounter();
    try {
      await use(counter);
    } finally {
      await counter.close();
    }
  },
});
