import { chromium, type Page } from 'playwright';
import { startCounter } from '../e2e/support/counter';
import { comparison, latencyColumns, latencyOf } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * From a touch on a product to its line on the screen, in Chromium through the browser shell
 * (the built renderer, dist/renderer: `npm run build:renderer` first), against the bare IPC
 * call that touch makes (`orders.create` through the same bridge to the same core), measured
 * on the same page in the same run. Each sample is a fresh sale: the touch creates the order.
 * Rounds take turns (bare, touch; touch, bare; ...); the goal is on the median round's p50
 * ratio, p99 printed beside it.
 */

const SAMPLES = envNumber('BENCH_TOUCHES', 40);
const GOAL = { p50: 1.5 } as const;

/**
 * Every sample starts from the same quiet state: a new sale on the screen and nothing left to
 * sync (each sale kicks a sync round to the embedded central, in the same process).
 */
async function quiet(page: Page): Promise<void> {
  // A new sale while one is open asks what to do with it (docs/counter.md §12): the benchmark's
  // sale is cancelled, so that no parked sales pile up on the start screen between samples.
  const open = (await page.locator('li.line').count()) > 0;
  await page.keyboard.press('F2');
  if (open) await page.getByRole('dialog').locator('button.danger').click();
  await page.locator('li.line').first().waitFor({ state: 'detached' });
  await page.waitForFunction(
    async () => {
      const api = (
        window as unknown as { counter: { invoke: (c: string, i: unknown) => Promise<{ ok: boolean; value?: { pending: number } }> } }
      ).counter;
      const status = await api.invoke('sync.status', {});
      return status.ok && status.value!.pending === 0;
    },
    undefined,
    { polling: 20 },
  );
  // Last, so that the quick key the touch clicks is on the screen when it is clicked.
  await page.locator('button[aria-keyshortcuts="8"]').waitFor();
}

/** The bare call: what the touch sends, straight to window.counter, timed in the page. */
async function bareCalls(page: Page, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await quiet(page);
    times.push(
      await page.evaluate(async () => {
        const api = (window as unknown as { counter: { invoke: (c: string, i: unknown) => Promise<{ ok: boolean }> } }).counter;
        const start = performance.now();
        const answer = await api.invoke('orders.create', {
          languageId: 2,
          orderLines: [{ productId: 600, quantity: 1, vouchers: [], validFrom: null, customerTokens: null }],
        });
        if (!answer.ok) throw new Error('orders.create was refused');
        return performance.now() - start;
      }),
    );
  }
  return times;
}

/**
 * The system: a new sale (not timed), then the quick key's button clicked; the time until the
 * order's line is in the document (React has committed it; the next paint shows it).
 */
async function touches(page: Page, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await quiet(page);
    times.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            // No named functions in here: tsx would wrap them in a helper the page does not have.
            const button = document.querySelector<HTMLButtonElement>('button[aria-keyshortcuts="8"]')!;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector('li.line') === null) return;
              observer.disconnect();
              resolve(performance.now() - start);
            });
            observer.observe(document.body, { childList: true, subtree: true });
            button.click();
          }),
      ),
    );
  }
  return times;
}

export async function benchTouch(): Promise<void> {
  console.log(`touch to line: ${SAMPLES} touches and ${SAMPLES} bare calls per round, ${ROUNDS} rounds (BENCH_TOUCHES, BENCH_ROUNDS)\n`);
  const counter = await startCounter();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(counter.url);
    await page.locator('#login-pin').fill('1234');
    await page.locator('#login-pin').press('Enter');
    await page.keyboard.press('F2');
    // Warm-up: the first calls compile code paths on both sides.
    await bareCalls(page, 5);
    await touches(page, 5);

    const rounds = await interleaved(['bare', 'touch'] as const, ROUNDS, async (side) =>
      latencyOf(await (side === 'touch' ? touches : bareCalls)(page, SAMPLES)),
    );
    console.log(comparison({ name: 'touch', rounds: rounds.touch }, { name: 'bare IPC', rounds: rounds.bare }, latencyColumns(GOAL)));
  } finally {
    await browser.close();
    await counter.close();
  }
}
