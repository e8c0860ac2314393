import { Agent, request } from 'node:https';
import type { CounterOrder } from '../shared/ipc';
import { tempDir } from '../server/testing/fixtures';
import { createCounter } from '../electron/core/counter';
import { freePort } from '../electron/core/testing/processes';
import { TerminalSimulator, type Received } from '../devtools/terminalSimulator/simulator';
import { endpointOf } from '../devtools/terminalSimulator/endpoint';
import { comparison, fmt, latencyColumns, latencyOf, summary, type Latency } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * `npm run bench -- devices` (the terminal's half): the counter's own time from Pay
 * (`terminal.pay`) to the PaymentRequest arriving at the simulator, against a bare client that
 * posts the same request over a kept-alive TLS connection to the same simulator. Both sides
 * are timed to the simulator's arrival (process.hrtime in the same process). Goal: the
 * counter's p99 at most 300 ms; the ratio is printed beside it.
 */

const N = envNumber('BENCH_TERMINAL_N', 200);
const GOAL_P99_MS = 300;

const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;

function nextArrival(sim: TerminalSimulator): Promise<Received> {
  return new Promise((resolve) => {
    const on = (r: Received) => {
      if (r.category !== 'Payment') return;
      sim.off('request', on);
      resolve(r);
    };
    sim.on('request', on);
  });
}

export async function benchTerminal(): Promise<void> {
  const folder = tempDir('counter-bench-terminal-');
  const sim = await new TerminalSimulator().start();
  const counter = await createCounter({
    dataDir: folder.dir,
    vault: null,
    // Nothing listens there: the counter works offline; only the terminal is measured.
    central: { url: `http://127.0.0.1:${await freePort()}`, bearerToken: 'bench-token-unreachable' },
    autoSync: false,
    demoStaff: true,
    config: { config: { terminal: { url: 'simulator' } }, sources: {}, file: null },
    terminal: { simulator: async () => endpointOf(sim) },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: sim.ca });
  let serviceIds = 0;
  try {
    const login = await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' });
    if (!login.ok) throw new Error(login.error.message);

    /** One PIN payment by the counter: Pay to the request's arrival; then waits for the settlement. */
    const counterPay = async (): Promise<number> => {
      const created = await counter.dispatch('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] });
      if (!created.ok) throw new Error(created.error.message);
      const orderId = (created.value as CounterOrder).order.orderId;
      const settled = new Promise<void>((resolve) => {
        const off = counter.on('terminal.progress', (p) => {
          if (p.orderId === orderId && p.stage === 'approved') {
            off();
            resolve();
          }
        });
      });
      const arrival = nextArrival(sim);
      const start = process.hrtime.bigint();
      const paid = await counter.dispatch('terminal.pay', { orderId });
      if (!paid.ok) throw new Error(paid.error.message);
      const at = (await arrival).at;
      await settled;
      return ms(start, at);
    };

    /** The same PaymentRequest, posted bare over a kept-alive connection. */
    const barePay = async (): Promise<number> => {
      const serviceId = `B${++serviceIds}`;
      const body = JSON.stringify({
        SaleToPOIRequest: {
          MessageHeader: {
            ProtocolVersion: '3.0',
            MessageClass: 'Service',
            MessageCategory: 'Payment',
            MessageType: 'Request',
            SaleID: 'BENCH',
            POIID: sim.poiId,
            ServiceID: serviceId,
          },
          PaymentRequest: {
            SaleData: { SaleTransactionID: { TransactionID: `bench-${serviceId}`, TimeStamp: new Date().toISOString() } },
            PaymentTransaction: { AmountsReq: { Currency: 'EUR', RequestedAmount: 3.4 } },
          },
        },
      });
      const arrival = nextArrival(sim);
      const start = process.hrtime.bigint();
      const answered = new Promise<void>((resolve, reject) => {
        const req = request(sim.url, {
          method: 'POST',
          agent,
          servername: `${sim.poiId}.test.terminal.adyen.com`,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.end(body);
      });
      const at = (await arrival).at;
      await answered;
      return ms(start, at);
    };

    // Warm both: the TLS connections are up before anything is timed.
    await counterPay();
    await barePay();
    const rounds = await interleaved(['counter', 'bare'] as const, ROUNDS, async (side) => {
      const samples: number[] = [];
      for (let i = 0; i < N; i++) samples.push(side === 'counter' ? await counterPay() : await barePay());
      return latencyOf(samples);
    });
    console.log(`\nterminal: Pay to the PaymentRequest at the simulator, ${N} payments a round, ${ROUNDS} rounds`);
    console.log(
      comparison<Latency>({ name: 'counter', rounds: rounds.counter }, { name: 'bare', rounds: rounds.bare }, latencyColumns({})),
    );
    const p99 = summary(rounds.counter.map((r) => r.p99));
    const verdict = p99.median <= GOAL_P99_MS ? 'PASS' : 'MISS';
    console.log(`goal: the counter's p99 at most ${GOAL_P99_MS} ms: ${fmt.spread(p99, 1)} ms: ${verdict}`);
  } finally {
    agent.destroy();
    await counter.close();
    await sim.close();
    folder.remove();
  }
}
