import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ExportAnswer } from '../shared/manager/types';
import { createCounter } from '../electron/core/counter';
import { nextDay } from '../domain/reports/timeZone';
import { tempDir } from '../server/testing/fixtures';
import { FIRST_DAY } from './manager';
import { comparison, latencyColumns, latencyOf, summary, table, type Latency } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * `npm run bench -- manager` (second part; `manager export` runs it alone): a sale's latency
 * while a manager exports 200 days of 200,000 orders (EXPORT_ORDERS), against a sale's latency
 * with nothing else running, on the same counter. A sale is the clerk's two calls through the
 * counter's dispatch: the order made, the cash payment settled. While the export side is
 * measured an export always runs (a finished one is started again); the export is built by
 * the export worker (electron/core/manager/exports.ts). Goals: the p99's ratio at most 1.5; the
 * process (main thread and worker: its RSS) at most 250 MiB above its idle size while it exports.
 * Both formats, CSV then PDF (BENCH_EXPORT_FORMAT picks one). The store is seeded by a child
 * process (bench/lib/seedStore.ts), so this one never holds the seed's garbage, and the seed has
 * had its retention pass there, as a running counter's store has: the counter's start finds no
 * order to purge. The idle size is its RSS after the first sale and a full garbage collection,
 * before any export; each round's peak is sampled every 20 ms. The export is written where a
 * save dialog would put it (a folder outside the data folder), the same file each time.
 */

const ORDERS = envNumber('BENCH_EXPORT_ORDERS', 200_000);
const SALES = envNumber('BENCH_SALES', 200);
const ASKED = process.env.BENCH_EXPORT_FORMAT;
const FORMATS = (['csv', 'pdf'] as const).filter((f) => ASKED === undefined || ASKED === f);
const GOAL = { p99: 1.5, mibAboveIdle: 250 } as const;
const MiB = 2 ** 20;

/** V8's full collection, asked for without a command-line flag (the bench runs under tsx). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
/** How often the process's RSS is sampled while a round runs. */
const SAMPLE_MS = 20;

function lastDay(days: number): string {
  let day = FIRST_DAY;
  for (let i = 1; i < days; i++) day = nextDay(day);
  return day;
}

export async function benchManagerExport(): Promise<void> {
  const folder = tempDir('bench-manager-export-');
  const saved = tempDir('bench-manager-export-saved-');
  try {
    const file = join(folder.dir, 'counter.sqlite');
    // The same runtime and loader (tsx) as this process, in a process of its own.
    const seeder = fileURLToPath(new URL('./lib/seedStore.ts', import.meta.url));
    const seconds = Number(
      execFileSync(process.execPath, [...process.execArgv, seeder, file, String(ORDERS)], { encoding: 'utf8', maxBuffer: 2 ** 20 }).trim(),
    );
    const days = Math.ceil(ORDERS / 1000);
    console.log(`seeded ${ORDERS} orders (${days} days) in ${seconds.toFixed(1)} s`);
    const counter = await createCounter({
      dataDir: folder.dir,
      database: file,
      vault: null,
      // Nothing listens there: the counter sells offline, and no sync round runs meanwhile.
      central: { url: 'http://127.0.0.1:9', bearerToken: 'bench-token' },
      autoSync: false,
      demoStaff: true,
      // The manager's save dialog, answered at once: the same file in a folder of its own.
      chooseExportFile: async ({ fileName }) => ({ path: join(saved.dir, fileName) }),
    });
    const login = await counter.dispatch('session.login', { staffId: 'mark', pin: '9999' });
    if (!login.ok) throw new Error(`login failed: ${login.error.message}`);
    const range = { from: FIRST_DAY, to: lastDay(days) };
    const sale = async () => {
      const start = performance.now();
      const made = await counter.dispatch('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] });
      if (!made.ok) throw new Error(`a sale failed: ${made.error.message}`);
      const order = (made.value as { order: { orderId: string; totalAmount: number } }).order;
      const paid = await counter.dispatch('payments.add', {
        orderId: order.orderId,
        payment: {
          paymentMethodId: 1,
          amountDebit: order.totalAmount,
          operatorPaymentReference: `bench-${order.orderId}`,
          statusCode: 'SETTLED',
        },
      });
      if (!paid.ok) throw new Error(`a payment failed: ${paid.error.message}`);
      return performance.now() - start;
    };
    // A sale's first call warms the statements before anything is measured; then the idle size.
    await sale();
    const before = process.memoryUsage().rss;
    collectGarbage();
    const { rss: idle, heapUsed } = process.memoryUsage();
    console.log(
      `the process idle: ${(idle / MiB).toFixed(0)} MiB RSS (${(before / MiB).toFixed(0)} before a full collection), ${(heapUsed / MiB).toFixed(0)} MiB of V8 heap used; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const format of FORMATS)
      await measureFormat(format, idle, range, sale, (input) => counter.dispatch('reports.export', input) as ReturnType<Exporter>);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await counter.close();
  } finally {
    folder.remove();
    saved.remove();
  }
}

type Format = (typeof FORMATS)[number];
type Exporter = (input: {
  report: 'orders';
  format: Format;
  range: { from: string; to: string };
}) => Promise<{ ok: true; value: ExportAnswer } | { ok: false; error: { message: string } }>;

/** The process's peak RSS while `work` runs, sampled every SAMPLE_MS. */
async function peakWhile<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), SAMPLE_MS);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
}

/** One format: a sale's latency idle and while exporting, in alternating rounds, and the memory above idle. */
async function measureFormat(
  format: Format,
  idle: number,
  range: { from: string; to: string },
  sale: () => Promise<number>,
  exportOf: Exporter,
) {
  const FORMAT = format.toUpperCase();
  let exports = 0;
  let exportMs = 0;
  let size = 0;
  const exportOnce = async () => {
    const start = performance.now();
    const file = await exportOf({ report: 'orders', format, range });
    if (!file.ok) throw new Error(`the export failed: ${file.error.message}`);
    if ('cancelled' in file.value) throw new Error('the export was cancelled');
    size = file.value.bytes;
    exports++;
    exportMs += performance.now() - start;
  };
  const first = await peakWhile(exportOnce);
  console.log(
    `\none ${FORMAT} export of ${range.from} to ${range.to}: ${(exportMs / 1000).toFixed(1)} s, ${(size / MiB).toFixed(1)} MiB written to its file; ` +
      `the process peaked ${((first.peak - idle) / MiB).toFixed(0)} MiB above idle (${(first.peak / MiB).toFixed(0)} MiB RSS)`,
  );
  exports = 0;
  exportMs = 0;

  console.log(`${ROUNDS} interleaved rounds of ${SALES} sales each (BENCH_ROUNDS, BENCH_SALES)`);
  const rounds = await interleaved(['idle', 'exporting'] as const, ROUNDS, async (side) => {
    const { value, peak } = await peakWhile(async () => {
      const samples: number[] = [];
      if (side === 'idle') {
        for (let i = 0; i < SALES; i++) samples.push(await sale());
        return latencyOf(samples);
      }
      let running = exportOnce();
      let done = false;
      const keepRunning = (): Promise<void> =>
        running.then(() => {
          if (done) return;
          running = exportOnce();
          return keepRunning();
        });
      const exporting = keepRunning();
      for (let i = 0; i < SALES; i++) samples.push(await sale());
      done = true;
      await exporting;
      return latencyOf(samples);
    });
    return { ...value, aboveIdle: (peak - idle) / MiB } as Latency & { aboveIdle: number };
  });
  console.log(`a sale (order + cash payment) while exporting ${ORDERS} orders as ${FORMAT}, against one with nothing running`);
  console.log(
    comparison(
      { name: 'while exporting', rounds: rounds.exporting },
      { name: 'nothing running', rounds: rounds.idle },
      latencyColumns({ p99: GOAL.p99 }),
    ),
  );
  const above = (side: 'idle' | 'exporting') => summary(rounds[side].map((r) => r.aboveIdle));
  const mem = above('exporting');
  console.log(
    table(
      ['the process above its idle size (MiB, RSS peak per round)', 'median', 'min', 'max', 'goal', 'verdict'],
      [
        [
          'while exporting',
          mem.median.toFixed(0),
          mem.min.toFixed(0),
          mem.max.toFixed(0),
          `<= ${GOAL.mibAboveIdle}`,
          mem.median <= GOAL.mibAboveIdle ? 'PASS' : 'MISS',
        ],
        [
          'nothing running (after the exports before it)',
          above('idle').median.toFixed(0),
          above('idle').min.toFixed(0),
          above('idle').max.toFixed(0),
          '',
          '',
        ],
      ],
    ),
  );
  console.log(`exports finished during the rounds: ${exports}, ${exports > 0 ? (exportMs / exports / 1000).toFixed(1) : '-'} s each`);
}
