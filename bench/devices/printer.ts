import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CounterOrder } from '../../shared/ipc';
import { createCounter } from '../../electron/core/counter';
import { freePort } from '../../electron/core/testing/processes';
import { tempDir } from '../../server/testing/fixtures';
import { startFakePrinter, type FakePrinter } from '../../devtools/escposPrinter/fakePrinter';
import { comparison, latencyColumns, latencyOf } from '../lib/report';
import { envNumber, interleaved, ROUNDS } from '../lib/rounds';

/**
 * The printer's half of `npm run bench -- devices` (docs/api.md §9.3): from a payment's approval
 * (a PIN payment answered SETTLED, which pays the order in full) to the receipt's bytes on the
 * printer (the fake ESC/POS printer has the whole job), against a bare client that sends the same
 * bytes over a fresh TCP connection: the same status request and its answer, then the receipt.
 * Goal: the counter's p99 at most 300 ms; the ratio to the bare client is printed.
 */

const RECEIPTS = envNumber('BENCH_RECEIPTS', 50);
const WARMUP = 5;
const P99_GOAL_MS = 300;
const STATUS_REQUEST = Buffer.from([0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 4]);

/** The bare client: status request, its three bytes of answer, the receipt, close. */
function bareJob(printer: FakePrinter, receipt: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: printer.port, noDelay: true });
    let answered = 0;
    socket.on('error', reject);
    socket.on('connect', () => socket.write(STATUS_REQUEST));
    socket.on('data', (chunk) => {
      answered += chunk.length;
      if (answered >= 3) socket.end(receipt, () => resolve());
    });
  });
}

async function counterOnPrinter(dir: string, printer: FakePrinter) {
  const counter = await createCounter({
    dataDir: dir,
    vault: null,
    // Nothing listens there: the counter sells offline, the bench measures the desk alone.
    central: { url: `http://127.0.0.1:${await freePort()}`, bearerToken: 'bench-unreachable-central' },
    autoSync: false,
    demoStaff: true,
    devicePollMs: 0,
    config: { config: { printer: { url: printer.url } }, sources: {}, file: null },
  });
  const login = await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' });
  if (!login.ok) throw new Error(`login failed: ${login.error.message}`);
  return counter;
}

export async function benchPrinter(): Promise<void> {
  const { dir, remove } = tempDir('devices-bench-');
  const printer = await startFakePrinter();
  const counter = await counterOnPrinter(dir, printer);
  let reference = 0;
  try {
    /** An order waiting for its payment: made before the clock starts. */
    const unpaid = async () => {
      const made = await counter.dispatch('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] });
      if (!made.ok) throw new Error(`orders.create failed: ${made.error.message}`);
      return (made.value as CounterOrder).order;
    };
    /** Approval to receipt bytes: the PIN payment settles the order, the receipt lands on the printer. */
    const approveAndPrint = async () => {
      const order = await unpaid();
      const seen = printer.jobs.length;
      const start = performance.now();
      const paid = await counter.dispatch('payments.add', {
        orderId: order.orderId,
        payment: {
          paymentMethodId: 2,
          amountDebit: order.totalAmount,
          operatorPaymentReference: `bench-${++reference}`,
          statusCode: 'SETTLED',
        },
      });
      if (!paid.ok) throw new Error(`payments.add failed: ${paid.error.message}`);
      await printer.nextJob(seen);
      return performance.now() - start;
    };
    await approveAndPrint();
    const receipt = printer.jobs.at(-1)!;
    const bare = async () => {
      const seen = printer.jobs.length;
      const start = performance.now();
      await bareJob(printer, receipt);
      await printer.nextJob(seen);
      return performance.now() - start;
    };
    for (let i = 0; i < WARMUP; i++) {
      await approveAndPrint();
      await bare();
    }
    const rounds = await interleaved(['bare', 'counter'] as const, ROUNDS, async (side) => {
      const samples: number[] = [];
      for (let i = 0; i < RECEIPTS; i++) samples.push(await (side === 'counter' ? approveAndPrint() : bare()));
      return latencyOf(samples);
    });
    console.log(
      `printer: approval to receipt bytes on the fake ESC/POS printer (${receipt.length} bytes), ${ROUNDS} interleaved rounds of ${RECEIPTS} receipts each way (after ${WARMUP} not timed)`,
    );
    console.log(comparison({ name: 'counter', rounds: rounds.counter }, { name: 'bare', rounds: rounds.bare }, latencyColumns({})));
    const p99s = rounds.counter.map((r) => r.p99).sort((a, b) => a - b);
    const p99 = p99s[Math.floor(p99s.length / 2)]!;
    console.log(
      `goal: the counter's p99 at most ${P99_GOAL_MS} ms: ${p99.toFixed(1)} ms (median of the rounds): ${p99 <= P99_GOAL_MS ? 'PASS' : 'MISS'}`,
    );
  } finally {
    await counter.close();
    await printer.close();
    remove();
  }
}
