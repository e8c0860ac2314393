/**
 * A counter in its own process, for the crash tests: `node --import tsx counterChild.ts
 * --db FILE --central URL --token T --seed N [--mode clerk|one-order]`.
 *
 * It loads, prints `loaded`, waits for `go` on stdin (so the parent can load the next one
 * while the previous one still runs), opens the counter on FILE and prints `ready`. Then:
 * - `clerk`: changes orders in a loop, drawn from the seed. Before each change it prints
 *   `begin <orderId|new> <what>`, and right after the change is committed (the dispatch
 *   answered ok) `confirmed <orderId> <what>`, where <what> is one of
 *   `create <lineId,...>`, `line+ <lineId>`, `line- <lineId>`, `lang <languageId>`,
 *   `pay <paymentId> <amount>`, `deliver`, `cancel`, `delete`.
 * - `one-order`: creates one order (`confirmed <orderId> create ...`) and leaves sync to run.
 * - `pin`: with `--terminal-url/-ca/-poi` (an unencrypted nexo terminal: the simulator), creates
 *   one order and pays it by PIN; prints `unknown <orderId> <paymentId>` once the terminal's
 *   answer did not come (docs/api.md §9.2), and waits to be killed.
 * - `reversal`: likewise, pays one order by PIN, prints `paid <orderId> <paymentId>` once the
 *   terminal approved it, then refunds 1.00 of it through the terminal (a ReversalRequest), and
 *   waits to be killed (the parent kills it once the terminal has reversed it).
 * Its background sync talks to the central as usual. The parent ends it with SIGKILL.
 */
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { CounterOrder, IpcResult, OrderSummary } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { createCounter } from '../counter';
import { value } from './counter';
import { pick, randomInt, seededRandom } from './random';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    central: { type: 'string' },
    token: { type: 'string' },
    seed: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'clerk' },
    'terminal-url': { type: 'string' },
    'terminal-ca': { type: 'string' },
    'terminal-poi': { type: 'string' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
say('loaded');
await new Promise<void>((resolve) => {
  const input = createInterface({ input: process.stdin });
  input.on('line', (line) => {
    if (line.trim() === 'go') {
      input.close();
      resolve();
    }
  });
});

const db = values.db!;
const counter = await createCounter({
  dataDir: dirname(db),
  vault: null,
  database: db,
  central: { url: values.central!, bearerToken: values.token! },
  // Mark logs in below: the demo staff, beside the tests' central.
  demoStaff: true,
  intervalMs: 60_000,
  ...(values['terminal-url'] && {
    config: {
      config: { terminal: { url: values['terminal-url'], ca: values['terminal-ca'], poiId: values['terminal-poi'], unencrypted: true } },
      sources: {},
      file: null,
    },
    terminal: { answerMs: 60_000, retryMs: 20 },
  }),
});
const must = <T>(result: IpcResult<unknown>, what: string): T => value(result as IpcResult<T>, what);
must(await counter.dispatch('session.login', { staffId: 'mark', pin: '9999' }), 'login');
const random = seededRandom(Number(values.seed));
const validFrom = () => new Date().toISOString();
const newLine = () =>
  random() < 0.6 ? { productId: 600, quantity: randomInt(random, 1, 3) } : { productId: 601, quantity: 1, validFrom: validFrom() };

async function create(): Promise<Order> {
  say('begin new create');
  const lines = Array.from({ length: randomInt(random, 1, 3) }, newLine);
  const order = must<CounterOrder>(await counter.dispatch('orders.create', { languageId: 1, orderLines: lines }), 'create').order;
  say(`confirmed ${order.orderId} create ${order.orderLines.map((l) => l.orderLineId).join(',')}`);
  return order;
}

if (values.mode === 'one-order') {
  await create();
  say('ready');
} else if (values.mode === 'pin') {
  const order = await create();
  counter.on('terminal.progress', (p) => p.stage === 'unknown' && say(`unknown ${p.orderId} ${p.paymentId}`));
  must(await counter.dispatch('terminal.pay', { orderId: order.orderId }), 'terminal.pay');
  say('ready');
} else if (values.mode === 'reversal') {
  const order = await create();
  counter.on('terminal.progress', (p) => {
    if (p.stage !== 'approved') return;
    say(`paid ${p.orderId} ${p.paymentId}`);
    // Gives 1.00 back through the terminal; the parent kills this child once the terminal has done it.
    void counter.dispatch('terminal.refund', { paymentId: p.paymentId, amountDebit: 100, reason: 'killed while reversing' });
  });
  must(await counter.dispatch('terminal.pay', { orderId: order.orderId }), 'terminal.pay');
  say('ready');
} else {
  const listed = must<OrderSummary[]>(await counter.dispatch('orders.search', { text: '', orderStatusId: [1, 4], limit: 40 }), 'search');
  const open = listed.map((o) => o.orderId);
  say('ready');
  for (;;) {
    // Each change comes in as its own IPC message: let timers and network (sync) run between.
    await new Promise((resolve) => setImmediate(resolve));
    if (open.length === 0 || random() < 0.3) {
      open.push((await create()).orderId);
      continue;
    }
    const orderId = pick(random, open);
    const order = must<CounterOrder>(await counter.dispatch('orders.get', { orderId }), 'get').order;
    const status = order.order_OrderStatuses[0]!.orderStatus.orderStatusId;
    const change = async (what: string, channel: string, input: unknown) => {
      say(`begin ${orderId} ${what}`);
      return must<CounterOrder | true>(await counter.dispatch(channel, input), `${what} of ${orderId}`);
    };
    if (status === 4) {
      await change('deliver', 'orders.deliver', { orderId });
      say(`confirmed ${orderId} deliver`);
      open.splice(open.indexOf(orderId), 1);
      continue;
    }
    if (status !== 1) {
      open.splice(open.indexOf(orderId), 1);
      continue;
    }
    const r = random();
    if (r < 0.3) {
      const after = (await change('line+', 'lines.add', { orderId, line: newLine() })) as CounterOrder;
      const added = after.order.orderLines.find((l) => !order.orderLines.some((o) => o.orderLineId === l.orderLineId))!;
      say(`confirmed ${orderId} line+ ${added.orderLineId}`);
    } else if (r < 0.45 && order.orderLines.length > 1) {
      const line = pick(random, order.orderLines);
      await change(`line- ${line.orderLineId}`, 'lines.remove', { orderLineId: line.orderLineId });
      say(`confirmed ${orderId} line- ${line.orderLineId}`);
    } else if (r < 0.55) {
      const languageId = order.language.languageId === 1 ? 2 : 1;
      await change(`lang ${languageId}`, 'orders.patch', { orderId, patch: { languageId } });
      say(`confirmed ${orderId} lang ${languageId}`);
    } else if (r < 0.85) {
      const payment = { paymentMethodId: 1, amountDebit: order.totalAmount, operatorPaymentReference: 'till', statusCode: 'SETTLED' };
      const after = (await change(`pay ${order.totalAmount}`, 'payments.add', { orderId, payment })) as CounterOrder;
      const paid = after.order.payments.find((p) => !order.payments.some((o) => o.paymentId === p.paymentId))!;
      say(`confirmed ${orderId} pay ${paid.paymentId} ${paid.amountDebit}`);
    } else if (r < 0.92) {
      await change('cancel', 'orders.cancel', { orderId });
      say(`confirmed ${orderId} cancel`);
      open.splice(open.indexOf(orderId), 1);
    } else {
      await change('delete', 'orders.delete', { orderId });
      say(`confirmed ${orderId} delete`);
      open.splice(open.indexOf(orderId), 1);
    }
  }
}
