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
  // Every test's page must run without a console error or an uncaught exception. It depends on
  // `counter` so that it is checked (and closed) before the counter's shell stops: a shell gone
  // first would make the page's last requests fail, which is no fault of the page.
  page: async ({ page, counter: _counter }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    if (errors.length > 0) throw new Error(`the page logged errors:\n${errors.join('\n')}`);
  },
});
