import Database from 'better-sqlite3';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/schemas/order';
import type { Central } from '../../server/central';
import { tempDir } from '../../server/testing/fixtures';
import { centralOrders, counterToken, startTestCentral } from './testing/central';
import { clerk, latestPayment, localOrders, NOTHING_WRONG, openCounter, reconcile, settleFully, type TestCounter } from './testing/counter';
import { judge, parseLives } from './testing/crashModel';
import { FaultyProxy } from './testing/faultyProxy';
import { spawnTsx, type Spawned } from './testing/processes';
import { randomInt, seededRandom } from './testing/random';
import { TerminalSimulator } from '../../devtools/terminalSimulator/simulator';
import { progress } from './testing/terminal';

/**
 * A counter in its own process (testing/counterChild.ts) on a database file, killed with
 * SIGKILL while clerks change orders and sync pushes them, and started
 * again on the same file, over and over. Whatever it confirmed must be there afterwards, the
 * file must be sound, and sync must then bring the central to exactly the counter's orders.
 */

const KILLS = 50;
/** Children loading ahead while the current one runs: their start-up (tsx) is the cost. */
const AHEAD = 2;
const LOAD_MS = 20_000;

let folder: ReturnType<typeof tempDir>;
let central: Central;
let counter: TestCounter | null = null;
let token: string;
/** Every child started, so that none outlives a failed test. */
const children: Spawned[] = [];

beforeEach(async () => {
  folder = tempDir('counter-crash-');
  token = await counterToken();
  central = await startTestCentral(folder.dir);
});

afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.kill('SIGKILL')));
  await counter?.close();
  counter = null;
  await central.close();
  folder.remove();
});

function child(
  file: string,
  centralUrl: string,
  seed: number,
  mode: 'clerk' | 'one-order' | 'pin' | 'reversal',
  extra: string[] = [],
): Spawned {
  const spawned = spawnTsx('electron/core/testing/counterChild.ts', [
    '--db',
    file,
    '--central',
    centralUrl,
    '--token',
    token,
    '--seed',
    String(seed),
    '--mode',
    mode,
    ...extra,
  ]);
  children.push(spawned);
  return spawned;
}

/** Lets a loaded child open the counter, and waits until it says it is ready. */
async function go(spawned: Spawned) {
  await spawned.out.waitFor((l) => l === 'loaded', LOAD_MS, "the child's 'loaded'");
  spawned.child.stdin!.write('go\n');
  await spawned.out.waitFor((l) => l === 'ready', LOAD_MS, "the child's 'ready'");
}

async function killed(spawned: Spawned) {
  const end = await spawned.kill('SIGKILL');
  expect(end.signal, `the child ended by itself (${end.code}): ${spawned.stderr()}`).toBe('SIGKILL');
}

function readOrders(file: string): { integrity: string; orders: Map<string, Order> } {
  const db = new Database(file);
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const rows = db.prepare('SELECT order_id, doc FROM orders').all() as { order_id: string; doc: string }[];
    return { integrity, orders: new Map(rows.map((r) => [r.order_id, JSON.parse(r.doc) as Order])) };
  } finally {
    db.close();
  }
}

async function openOn(file: string, url: string) {
  counter = await openCounter({ dataDir: folder.dir, database: file, central: { url, bearerToken: token } });
  await clerk(counter).login();
  return counter;
}

describe('a counter killed again and again', () => {
  it(`keeps every confirmed change through ${KILLS} SIGKILLs, and then syncs each order exactly once`, async () => {
    const file = join(folder.dir, 'counter.sqlite');
    const random = seededRandom(5080);
    const started = performance.now();
    const loading: Spawned[] = [];
    for (let i = 0; i < AHEAD; i++) loading.push(child(file, central.url, 1000 + i, 'clerk'));
    const lives: string[][] = [];
    const points: number[] = [];
    for (let life = 0; life < KILLS; life++) {
      const current = loading.shift()!;
      await go(current);
      if (life + AHEAD < KILLS) loading.push(child(file, central.url, 1000 + life + AHEAD, 'clerk'));
      // The moment of the kill, chosen by progress (drawn from the seed), never by the clock:
      // right after the Nth confirmed change, or once the Nth change has begun.
      const writes = randomInt(random, 1, 3);
      const mark = random() < 0.5 ? 'confirmed ' : 'begin ';
      points.push(writes);
      for (let n = 1; n <= writes; n++) await current.out.waitFor((l) => l.startsWith(mark), LOAD_MS, `${mark}${n}`);
      await killed(current);
      lives.push(current.out.lines.filter((l) => l.startsWith('begin ') || l.startsWith('confirmed ')));
    }
    const killing = (performance.now() - started) / 1000;

    const { integrity, orders } = readOrders(file);
    expect(integrity).toBe('ok');
    const verdict = judge(parseLives(lives), orders);
    expect({ wrong: verdict.wrong, unexplained: verdict.unexplained }).toEqual({ wrong: [], unexplained: [] });
    // The lives got work done, and were cut off in the middle of it.
    expect(verdict.confirmedChanges).toBeGreaterThan(KILLS);
    expect(verdict.cutOff).toBeGreaterThan(0);

    await openOn(file, central.url);
    const { status } = await settleFully(counter!, 20);
    expect(status).toMatchObject({ pending: 0, rejected: 0 });
    const local = await localOrders(counter!, orders.keys());
    const held = await centralOrders(central.url, token, 10, 1000);
    expect(reconcile(local, held)).toEqual(NOTHING_WRONG);
    console.info(
      `crash: ${KILLS} kills (after ${Math.min(...points)}-${Math.max(...points)} changes) in ${killing.toFixed(1)} s; ` +
        `${verdict.confirmedChanges} confirmed changes, ${verdict.cutOff} cut off; ${orders.size} orders, all on the central once`,
    );
    // 50 children start under tsx: on a loaded machine that alone takes minutes; the bound only
    // keeps a hung child from holding the suite.
  }, 300_000);
});

describe('a counter killed while the central creates its order', () => {
  /** Kills the child once the central has created its order but before the answer is back. */
  async function killWhileCreating(file: string): Promise<string> {
    const proxy = await new FaultyProxy({ target: central.url }).start();
    proxy.decide = ({ method, path }) => (method === 'POST' && path === '/api/2.0/orders' ? 'hold' : undefined);
    try {
      const spawned = child(file, proxy.url, 1, 'one-order');
      await go(spawned);
      // It printed `ready` after the create was confirmed.
      const line = spawned.out.lines.find((l) => l.startsWith('confirmed '))!;
      expect(line).toMatch(/^confirmed \S+ create /);
      await proxy.heldCount(1);
      await killed(spawned);
      const orderId = line.split(' ')[1]!;
      const there = await centralOrders(central.url, token);
      expect(there.map((o) => o.externalOrderId)).toEqual([orderId]);
      return orderId;
    } finally {
      await proxy.close();
    }
  }

  it('sends it once after the restart', { timeout: 60_000 }, async () => {
    const file = join(folder.dir, 'counter.sqlite');
    const orderId = await killWhileCreating(file);
    await openOn(file, central.url);
    expect((await settleFully(counter!)).status).toMatchObject({ pending: 0, rejected: 0 });
    const local = (await clerk(counter!).get(orderId)).order;
    expect(reconcile([local], await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });

  it('deletes the central copy when the clerk deletes the order after the restart', { timeout: 60_000 }, async () => {
    const file = join(folder.dir, 'counter.sqlite');
    const orderId = await killWhileCreating(file);
    await openOn(file, central.url);
    await clerk(counter!).remove(orderId);
    expect((await settleFully(counter!)).status).toMatchObject({ pending: 0, rejected: 0 });
    expect(await centralOrders(central.url, token)).toEqual([]);
  });
});

/** The child's arguments that point it at the simulator, as a machine's configuration would. */
const terminalArgs = (sim: TerminalSimulator) => ['--terminal-url', sim.url, '--terminal-ca', sim.caPath, '--terminal-poi', sim.poiId];

/** The counter started again on the killed child's file, with the same terminal, asking it again soon. */
const reopenWithTerminal = (file: string, sim: TerminalSimulator) =>
  openCounter({
    dataDir: folder.dir,
    database: file,
    central: { url: central.url, bearerToken: token },
    config: { config: { terminal: { url: sim.url, ca: sim.caPath, poiId: sim.poiId, unencrypted: true } }, sources: {}, file: null },
    terminal: { retryMs: 20 },
  });

describe('a counter killed while a PIN payment’s outcome is unknown (docs/api.md §9.2)', () => {
  it('asks the terminal again after the restart, and settles it exactly once', { timeout: 90_000 }, async () => {
    const sim = await new TerminalSimulator().start();
    try {
      const file = join(folder.dir, 'counter.sqlite');
      // The terminal approves and charges, but its answer is lost, and so are the first questions about it.
      sim.next({ kind: 'lose' });
      sim.dropStatus = 1_000;
      const spawned = child(file, central.url, 1, 'pin', terminalArgs(sim));
      await go(spawned);
      const unknown = await spawned.out.waitFor((l) => l.startsWith('unknown '), LOAD_MS, "the child's 'unknown'");
      await killed(spawned);
      const [, orderId, paymentId] = unknown.split(' ') as [string, string, string];
      const [charge] = sim.book.charges;
      expect(sim.book.charges).toHaveLength(1);

      // The terminal answers again; the restarted counter asks it, without a second PaymentRequest.
      sim.dropStatus = 0;
      const payments: string[] = [];
      sim.on('request', (r) => r.category === 'Payment' && payments.push(r.serviceId));
      counter = await reopenWithTerminal(file, sim);
      const settled = progress(counter, (p) => p.paymentId === paymentId && p.stage === 'approved');
      await clerk(counter).login();
      // Resumed at start: it may have settled before the test listened.
      const done = (await clerk(counter).get(orderId)).order.payments.find((p) => p.paymentId === paymentId)!;
      if (latestPayment(done) !== 'SETTLED') await settled;
      const order = (await clerk(counter).get(orderId)).order;
      const pin = order.payments.find((p) => p.paymentId === paymentId)!;
      expect(pin.paymentStatuses.map((s) => s.statusCode)).toEqual(['SETTLED', 'PENDING']);
      expect(sim.book.chargesOf(pin.operatorPaymentReference)).toEqual([charge]);
      expect(payments).toEqual([]);
      expect(sim.reusedServiceIds).toEqual([]);
    } finally {
      await sim.close();
    }
  });
});

describe('a counter killed after the terminal reversed a PIN payment, before the refund was recorded (docs/api.md §9.2)', () => {
  it('asks the terminal about the reversal after the restart, and records the refund exactly once', { timeout: 90_000 }, async () => {
    const sim = await new TerminalSimulator().start();
    try {
      const file = join(folder.dir, 'counter.sqlite');
      // The terminal gives the money back, but its answer never leaves it.
      sim.book.reversalAnswer = 'hold';
      const reversed = once(sim, 'reversed');
      const spawned = child(file, central.url, 1, 'reversal', terminalArgs(sim));
      await go(spawned);
      await reversed;
      await killed(spawned);
      const paid = spawned.out.lines.find((l) => l.startsWith('paid '))!;
      const [, orderId, paymentId] = paid.split(' ') as [string, string, string];
      expect(sim.book.reversals).toEqual([{ poiTransactionId: sim.book.charges[0]!.poiTransactionId, amount: 100 }]);

      const reversals: string[] = [];
      sim.on('request', (r) => r.category === 'Reversal' && reversals.push(r.serviceId));
      counter = await reopenWithTerminal(file, sim);
      const c = counter;
      const refundsOf = async () => (await clerk(c).get(orderId)).order.payments.filter((p) => p.isRefund);
      await clerk(c).login();
      // Resumed at start: it may be recorded before the test listens.
      await new Promise<void>((resolve) => {
        const check = () =>
          void refundsOf().then((r) => {
            if (r.length === 0) return;
            off();
            resolve();
          });
        const off = c.on('orders.changed', ({ orderId: id }) => id === orderId && check());
        check();
      });
      const refunds = await refundsOf();
      expect(refunds.map((r) => [r.amountDebit, latestPayment(r)])).toEqual([[100, 'SETTLED']]);
      const pin = (await clerk(c).get(orderId)).order.payments.find((p) => p.paymentId === paymentId)!;
      expect(refunds[0]!.operatorPaymentReference.startsWith(pin.operatorPaymentReference)).toBe(true);
      expect(reversals).toEqual([]);
      expect(sim.book.reversals).toHaveLength(1);
      expect(sim.reusedServiceIds).toEqual([]);
    } finally {
      await sim.close();
    }
  });
});
