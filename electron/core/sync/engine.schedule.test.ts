import { describe, expect, it, vi } from 'vitest';
import type { CentralAnswer } from '../central/centralClient';
import type { SyncStatus } from '../../../shared/ipc';
import { emptyFeeds, engineWorld, noAnswer, plannedDelay, running, type GatedClient, type Script } from '../testing/engineWorld';
import type { SyncEngine } from './engine';
import { problem } from '../testing/pushWorld';

/**
 * When the sync engine runs its rounds: at a kick, after a round that asks for another, on its
 * timer; never two at once. Rounds are told apart by the requests a gated client saw and the
 * statuses the engine told; the engine's interval is an hour unless the test fakes the clock.
 */

const { world, engineWith, gatedClient, told, idle } = engineWorld('a7a7a7a7');
const HOUR = 3_600_000;
const db = () => world.counter.test.db;
const orders = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await world.anna.create([{ productId: 600, quantity: 1 }])).orderId);
  return ids;
};
const failuresOf = (orderId: string) =>
  (db().prepare('SELECT failures FROM sync_orders WHERE order_id = ?').get(orderId) as { failures: number }).failures;
/** The central answered 500 to a request about this order: its own trouble. */
const answered500: CentralAnswer<unknown> = { kind: 'unknown', reason: 'the central answered 500', answered: true };
const about = (orderId: string, url: string, body: unknown) => url.includes(orderId) || JSON.stringify(body ?? '').includes(orderId);
/** A round of an idle counter: the two feeds pulled, then its status told. */
const PULL = ['GET /orders?', 'GET /deletedorders?', 'status'];

/** A log of the gated client's requests (path up to the query) and of the statuses told, in order. */
function logOf(engine: ReturnType<typeof engineWith>, client: ReturnType<typeof gatedClient>) {
  const log: string[] = [];
  const request = client.request.bind(client);
  client.request = ((...args: Parameters<typeof request>) => {
    log.push(`${args[0]} ${args[1].slice(client.orderBase.length).replace(/\?.*/, '?')}`);
    return request(...args);
  }) as typeof request;
  engine.on('status', () => log.push('status'));
  return log;
}

/** A started engine (interval an hour) whose first round is held at its first request until `client.open()`. */
async function heldAtStart(script: Script | null = null) {
  const client = gatedClient();
  client.script = script;
  const engine = engineWith({ client, intervalMs: HOUR });
  const statuses = told(engine);
  const log = logOf(engine, client);
  client.shut();
  engine.start();
  // All a round does before its first request happens in this process: it has been sent before the event loop turns.
  await new Promise(setImmediate);
  expect(client.sent).toHaveLength(1);
  return { client, engine, statuses, log };
}

/** The proxy answers every request about this order with a 500. */
const failing = (orderId: string) => {
  world.proxy.decide = ({ path, body }) => (path.includes(orderId) || body.includes(orderId) ? 'fail' : undefined);
};

/**
 * After a first round that got nowhere (the status told first): the central answers again,
 * settle runs a round, then `ask` asks for a round: the statuses show exactly one more.
 */
async function oneRoundAfterRecovery(engine: SyncEngine, client: GatedClient, statuses: SyncStatus[], ask: () => void) {
  client.script = null;
  await engine.settle();
  ask();
  await idle(engine);
  expect(statuses.map((s) => s.lastError)).toEqual(['sync.unreachable', null, null]);
}

describe('when the next round comes', () => {
  it('after a start that sent everything: one round, then the interval', async () => {
    await orders(1);
    const engine = engineWith({ intervalMs: HOUR });
    const statuses = told(engine);
    engine.start();
    await idle(engine);
    expect(statuses.map((s) => s.pending)).toEqual([0]);
    expect(plannedDelay(engine)).toBe(HOUR);
  });

  it('a kick while waiting out the interval runs a round at once', async () => {
    const engine = engineWith({ intervalMs: HOUR });
    const statuses = told(engine);
    engine.start();
    await idle(engine);
    engine.kick();
    expect(running(engine)).not.toBeNull();
    await idle(engine);
    expect(statuses).toHaveLength(2);
  });

  it('an order made while a round pulls is pushed in that round: the pull comes first', async () => {
    await orders(1);
    const { client, engine, statuses, log } = await heldAtStart();
    await orders(1);
    client.open();
    await idle(engine);
    expect(statuses.map((s) => [s.pending, s.lastError])).toEqual([[0, null]]);
    expect(log).toEqual([...PULL.slice(0, 2), 'POST /orders', 'POST /orders', 'status']);
  });

  it('an order made while a round pushes, after the outbox was read, runs one more round, for it', async () => {
    await orders(1);
    const client = gatedClient();
    const engine = engineWith({ client, intervalMs: HOUR });
    const statuses = told(engine);
    const request = client.request.bind(client);
    let made: Promise<string[]> | null = null;
    client.request = (async (...args: Parameters<typeof request>) => {
      if (args[0] === 'POST' && !made) await (made = orders(1));
      return request(...args);
    }) as typeof request;
    engine.start();
    await idle(engine);
    expect(statuses.map((s) => [s.pending, s.lastError])).toEqual([
      [1, null],
      [0, null],
    ]);
    expect(plannedDelay(engine)).toBe(HOUR);
  });

  it('a kick during a round that got nowhere waits for the backoff, and leaves no round asked for', async () => {
    const { client, engine, statuses } = await heldAtStart(() => noAnswer);
    engine.kick();
    client.open();
    await idle(engine);
    expect(statuses.map((s) => s.lastError)).toEqual(['sync.unreachable']);
    // random() is 0.5: half of 500 ms doubled once.
    expect(plannedDelay(engine)).toBe(500);
    await oneRoundAfterRecovery(engine, client, statuses, () => engine.kick());
  });

  it('a round that got nowhere, run by settle, leaves no round asked for', async () => {
    const client = gatedClient();
    client.script = () => noAnswer;
    const engine = engineWith({ client, intervalMs: HOUR });
    const statuses = told(engine);
    await engine.settle();
    await oneRoundAfterRecovery(engine, client, statuses, () => engine.start());
  });

  it('a round that got on while an order failed runs again at once, and the one after that got nowhere backs off', async () => {
    const [poison] = await orders(2);
    failing(poison!);
    const engine = engineWith({ intervalMs: HOUR });
    const statuses = told(engine);
    engine.start();
    await idle(engine);
    expect(statuses.map((s) => [s.pending, s.lastError])).toEqual([
      [1, 'sync.orderFailed'],
      [1, 'sync.orderFailed'],
    ]);
    expect(plannedDelay(engine)).toBe(500);
  });

  it('orders pulled count as progress: the round runs again at once though its push failed', async () => {
    const [poison] = await orders(1);
    await world.madeElsewhere();
    failing(poison!);
    const engine = engineWith({ intervalMs: HOUR });
    const statuses = told(engine);
    const pulled: string[][] = [];
    engine.on('orders', (ids) => pulled.push(ids));
    engine.start();
    await idle(engine);
    expect(statuses).toHaveLength(2);
    expect(pulled[0]).toHaveLength(2);
    expect(plannedDelay(engine)).toBe(500);
  });

  it('settle of a started engine goes on while rounds get on and work remains', async () => {
    const engine = engineWith({ intervalMs: HOUR });
    const statuses = told(engine);
    engine.start();
    await idle(engine);
    const [poison] = await orders(2);
    let failed = false;
    world.proxy.decide = ({ path, body }) => {
      if (failed || !(path.includes(poison!) || body.includes(poison!))) return undefined;
      failed = true;
      return 'fail';
    };
    expect(await engine.settle()).toMatchObject({ pending: 0, lastError: null });
    expect(statuses.map((s) => s.pending)).toEqual([0, 1, 0]);
  });

  it('runs the planned round when its timer fires; a kick’s round replaces the round planned before it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = gatedClient(null);
    client.script = emptyFeeds;
    const engine = engineWith({ client, intervalMs: 1000 });
    const statuses = told(engine);
    /** No round before `ms` have passed, one when they have. */
    const roundDueIn = async (ms: number) => {
      const before = statuses.length;
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(statuses).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      await idle(engine);
      expect(statuses).toHaveLength(before + 1);
    };
    engine.start();
    await idle(engine);
    await roundDueIn(1000);
    await vi.advanceTimersByTimeAsync(500);
    engine.kick();
    await idle(engine);
    expect(statuses).toHaveLength(3);
    await roundDueIn(1000);
  });
});

describe('rounds never overlap', () => {
  it('a kick during a round runs one more round after it, not beside it', async () => {
    const { client, engine, log } = await heldAtStart();
    engine.kick();
    client.open();
    await idle(engine);
    expect(log).toEqual([...PULL, ...PULL]);
    expect(plannedDelay(engine)).toBe(HOUR);
  });

  it('settle waits for the round under way, then runs its own', async () => {
    const { client, engine, log } = await heldAtStart();
    const settled = engine.settle();
    client.open();
    await settled;
    expect(log).toEqual([...PULL, ...PULL]);
  });

  it('stop waits for the round under way and plans none after it', async () => {
    const { client, engine, statuses } = await heldAtStart();
    const stopped = engine.stop().then(() => statuses.length);
    client.open();
    expect(await stopped).toBe(1);
    expect(running(engine)).toBeNull();
    expect(plannedDelay(engine)).toBeNull();
  });
});

describe('what a round makes of its pushes', () => {
  it('a token refused to a push stops the round', async () => {
    await orders(2);
    const client = gatedClient();
    client.script = (method) => (method === 'POST' ? problem(401, 'who are you') : undefined);
    const engine = engineWith({ client, concurrency: 1 });
    expect(await engine.settle()).toMatchObject({ online: true, pending: 2, lastError: 'sync.tokenRefused' });
    expect(engine.lastFailure).toBe('sync.tokenRefused');
    expect(client.sent.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  it('a token refused to the pull stops the round before any push, and it backs off rather than running again', async () => {
    await orders(1);
    const client = gatedClient();
    client.script = (method, url) => (url.includes('updatedAfter=') ? problem(401, 'who are you') : undefined);
    const engine = engineWith({ client, intervalMs: HOUR });
    const statuses = told(engine);
    engine.start();
    await idle(engine);
    expect(statuses.map((s) => [s.online, s.pending, s.lastError])).toEqual([[true, 1, 'sync.tokenRefused']]);
    expect(client.sent.filter((r) => r.startsWith('POST'))).toEqual([]);
    // random() is 0.5: half of 500 ms doubled once.
    expect(plannedDelay(engine)).toBe(500);
  });

  it('with nothing to push, a pull answered with a 500 leaves the central reachable: online, centralError', async () => {
    world.proxy.decide = () => 'fail';
    expect(await engineWith().settle()).toMatchObject({ online: true, pending: 0, lastError: 'sync.centralError' });
  });

  it('a round sends the queued day closes after a pull that went through, and keeps them while the pull gets no answer', async () => {
    await world.counter.dispatch('session.login', { staffId: 'mark', pin: '9999' });
    expect(await world.counter.dispatch('day.close', { counted: {} })).toMatchObject({ ok: true });
    const client = gatedClient();
    client.script = (method, url) => (url.includes('updatedAfter=') ? noAnswer : undefined);
    const engine = engineWith({ client });
    await engine.settle();
    const closes = () => client.sent.filter((r) => r.includes('/dayclosures'));
    expect(closes()).toEqual([]);
    client.script = null;
    await engine.settle();
    expect(closes()).toEqual(['POST /dayclosures']);
  });

  it('pushes that reached nobody end the round offline, though the pull before them was answered', async () => {
    await orders(1);
    const client = gatedClient();
    client.script = (method) => (method === 'POST' ? noAnswer : undefined);
    const engine = engineWith({ client });
    expect(await engine.settle()).toMatchObject({ online: false, pending: 1, lastError: 'sync.unreachable' });
    expect(engine.lastFailure).toBe('sync.unreachable');
    expect(client.sent.filter((r) => r.startsWith('GET /orders?updatedAfter='))).toHaveLength(1);
  });

  it('a round whose pull and pushes got no answer is offline; with nothing to push, its pull alone decides', async () => {
    await orders(1);
    const client = gatedClient();
    client.script = () => noAnswer;
    expect(await engineWith({ client }).settle()).toMatchObject({ online: false, pending: 1, lastError: 'sync.unreachable' });
    expect(client.sent.some((r) => r.startsWith('POST'))).toBe(true);
    const idleClient = gatedClient();
    idleClient.script = () => noAnswer;
    await engineWith().settle();
    expect(await engineWith({ client: idleClient }).settle()).toMatchObject({ online: false, pending: 0, lastError: 'sync.unreachable' });
  });

  it('one push unanswered makes the round unreachable, though a later one was answered with an error', async () => {
    const [lost, broken] = await orders(2);
    const client = gatedClient();
    client.script = (method, url, body) => (about(lost!, url, body) ? noAnswer : about(broken!, url, body) ? answered500 : undefined);
    const engine = engineWith({ client });
    expect(await engine.settle()).toMatchObject({ online: true, pending: 2, lastError: 'sync.unreachable' });
  });

  it('a refused order got on: the orders after it are pushed in the same round, one push at a time', async () => {
    const [refused] = await orders(2);
    const client = gatedClient();
    client.script = (method, url, body) => (method === 'POST' && about(refused!, url, body) ? problem(422, 'no such product') : undefined);
    const engine = engineWith({ client, concurrency: 1 });
    const statuses = told(engine);
    expect(await engine.settle()).toMatchObject({ pending: 0, rejected: 1, lastError: null });
    expect(statuses).toHaveLength(1);
  });

  it('an order’s failure counts when other orders got through, though the pull then got no answer', async () => {
    const [poison] = await orders(2);
    world.proxy.decide = ({ path, body }) =>
      path.includes('updatedAfter=') ? 'reset' : path.includes(poison!) || body.includes(poison!) ? 'fail' : undefined;
    const engine = engineWith();
    expect(await engine.settle()).toMatchObject({ pending: 1, lastError: 'sync.unreachable' });
    expect(failuresOf(poison!)).toBe(1);
  });

  it('a refusal clears the order’s failures; retry puts the refused order back in line and runs a round for it', async () => {
    const [poison] = await orders(2);
    let answers = [answered500, problem(422, 'no such product')];
    const client = gatedClient();
    client.script = (method, url, body) => (method === 'POST' && about(poison!, url, body) ? answers.shift() : undefined);
    const engine = engineWith({ client, intervalMs: HOUR });
    await engine.settle();
    expect(failuresOf(poison!)).toBe(1);
    engine.start();
    await idle(engine);
    expect(engine.status()).toMatchObject({ pending: 0, rejected: 1 });
    expect(failuresOf(poison!)).toBe(0);
    answers = [];
    expect(engine.retry(null)).toBe(1);
    expect(running(engine)).not.toBeNull();
    await idle(engine);
    expect(engine.status()).toMatchObject({ pending: 0, rejected: 0, lastError: null });
    expect(await world.centralCopy(poison!)).toBeDefined();
  });

  it('without a clock of its own, stamps its last success with the time of day', async () => {
    const client = gatedClient(null);
    client.script = emptyFeeds;
    const engine = engineWith({ client, now: undefined });
    const before = Date.now();
    const { lastSuccessAt } = await engine.settle();
    expect(Date.parse(lastSuccessAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(lastSuccessAt!)).toBeLessThanOrEqual(Date.now());
  });
});
