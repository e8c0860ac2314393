import { chromium, type Page } from 'playwright';
import { startCounter } from '../e2e/support/counter';
import { fmt, table } from './lib/report';

/**
 * From a touch on a product to its line on the screen, in Chromium through the browser shell
 * (the built renderer, dist/renderer: `npm run build:renderer` first), against the bare IPC
 * call that touch makes (`orders.create` through the same bridge to the same core), measured
 * on the same page in the same run. Each sample is a fresh sale: the touch creates the order.
 * Rounds alternate baseline and system; the verdict is the median round's p50 ratio.
 */

const SAMPLES = Number(process.env.BENCH_TOUCHES ?? 40);
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const GOAL = 1.5;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Every sample starts from the same quiet state: a new sale on the screen and nothing left to
 * sync (each sale kicks a sync round to the embedded central, in the same process).
 */
async function quiet(page: Page): Promise<void> {
  await page.keyboard.press('F2');
  await page.locator('li.line').first().waitFor({ state: 'detached' });
  await page.locator('button[aria-keyshortcuts="8"]').waitFor();
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

    const rounds: { bare: number[]; touch: number[] }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const bare = await bareCalls(page, SAMPLES);
      const touch = await touches(page, SAMPLES);
      rounds.push({ bare, touch });
    }
    const rows = rounds.map((r, i) => {
      const ratio = percentile(r.touch, 50) / percentile(r.bare, 50);
      return { i: i + 1, ratio, r };
    });
    console.log(
      table(
        ['round', 'bare p50 ms', 'bare p99 ms', 'touch p50 ms', 'touch p99 ms', 'touch/bare p50', 'touch/bare p99'],
        rows.map(({ i, r, ratio }) => [
          i,
          fmt.ms(percentile(r.bare, 50)),
          fmt.ms(percentile(r.bare, 99)),
          fmt.ms(percentile(r.touch, 50)),
          fmt.ms(percentile(r.touch, 99)),
          fmt.ratio(ratio),
          fmt.ratio(percentile(r.touch, 99) / percentile(r.bare, 99)),
        ]),
      ),
    );
    const ratios = rows.map((r) => r.ratio);
    const median = percentile(ratios, 50);
    const all = { bare: rounds.flatMap((r) => r.bare), touch: rounds.flatMap((r) => r.touch) };
    console.log(
      `\nall rounds: touch p50 ${fmt.ms(percentile(all.touch, 50))} ms, p99 ${fmt.ms(percentile(all.touch, 99))} ms; ` +
        `bare p50 ${fmt.ms(percentile(all.bare, 50))} ms, p99 ${fmt.ms(percentile(all.bare, 99))} ms`,
    );
    console.log(
      `touch / bare IPC (p50), median of ${ROUNDS} rounds = ${fmt.ratio(median)} (spread ${fmt.ratio(Math.min(...ratios))}–${fmt.ratio(Math.max(...ratios))}; goal at most ${GOAL.toFixed(2)}): ${median <= GOAL ? 'PASS' : 'MISS'}`,
    );
  } finally {
    await browser.close();
    await counter.close();
  }
}
