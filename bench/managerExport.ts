import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCounter } from '../electron/core/counter';
import { openCounterDatabase } from '../electron/core/db/database';
import { nextDay } from '../domain/reports/timeZone';
import { tempDir } from '../server/testing/fixtures';
import { FIRST_DAY, seed } from './manager';
import { comparison, latencyColumns, latencyOf } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * `npm run bench -- manager` (second part; `manager export` runs it alone): a sale's latency
 * while a manager exports 200 days of 200,000 orders (EXPORT_ORDERS), against a sale's latency
 * with nothing else running, on the same counter. A sale is the clerk's two calls through the
 * counter's dispatch: the order made, the cash payment settled. While the export side is
 * measured an export always runs (a finished one is started again); the export is built by
 * the export worker (electron/core/manager/exports.ts). Goal: the p99's ratio at most 1.5.
 */

const ORDERS = envNumber('BENCH_EXPORT_ORDERS', 200_000);
const SALES = envNumber('BENCH_SALES', 200);
const FORMAT = process.env.BENCH_EXPORT_FORMAT === 'pdf' ? 'pdf' : 'csv';
const GOAL = { p99: 1.5 } as const;

function lastDay(days: number): string {
  let day = FIRST_DAY;
  for (let i = 1; i < days; i++) day = nextDay(day);
  return day;
}

export async function benchManagerExport(): Promise<void> {
  const folder = tempDir('bench-manager-export-');
  try {
    const file = join(folder.dir, 'counter.sqlite');
    const db = openCounterDatabase(file);
    const seconds = seed(db, ORDERS);
    db.close();
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
    });
    const login = await counter.dispatch('session.login', { staffId: 'mark', pin: '9999' });
    if (!login.ok) throw new Error(`login failed: ${login.error.message}`);
    const range = { from: FIRST_DAY, to: lastDay(days) };
    let exports = 0;
    let exportMs = 0;
    let peakRss = 0;
    const exportOnce = async () => {
      const start = performance.now();
      const file = await counter.dispatch('reports.export', { report: 'orders', format: FORMAT, range });
      if (!file.ok) throw new Error(`the export failed: ${file.error.message}`);
      exports++;
      exportMs += performance.now() - start;
    };
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
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      return performance.now() - start;
    };

    // A sale's first call warms the statements and the worker before anything is measured.
    await sale();
    await exportOnce();
    console.log(`one ${FORMAT.toUpperCase()} export of ${range.from} to ${range.to}: ${(exportMs / 1000).toFixed(1)} s`);
    exports = 0;
    exportMs = 0;

    console.log(`${ROUNDS} interleaved rounds of ${SALES} sales each (BENCH_ROUNDS, BENCH_SALES)`);
    const rounds = await interleaved(['idle', 'exporting'] as const, ROUNDS, async (side) => {
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
    console.log(
      `\na sale (order + cash payment) while exporting ${ORDERS} orders as ${FORMAT.toUpperCase()}, against one with nothing running`,
    );
    console.log(
      comparison(
        { name: 'while exporting', rounds: rounds.exporting },
        { name: 'nothing running', rounds: rounds.idle },
        latencyColumns(GOAL),
      ),
    );
    console.log(
      `exports finished during the rounds: ${exports}, ${exports > 0 ? (exportMs / exports / 1000).toFixed(1) : '-'} s each; the process's peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
    );
    await counter.close();
  } finally {
    folder.remove();
  }
}
