import { describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../../shared/ipc';
import type { CentralClient } from '../central/centralClient';
import { setAsideOrders } from '../db/syncOrders';
import { engineWorld, failures, plannedDelay, running } from '../testing/engineWorld';
import { MAX_ATTEMPTS } from './round';

/**
 * The sync engine's rounds against the central's HTTP app in this process (in-memory store,
 * frozen clock) behind a proxy that fails on purpose. Each engine here is made by the test, on
 * the counter's database; its timer is read, never waited for.
 */

const { world, engineWith } = engineWorld('f6f6f6f6');

const orders = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await world.anna.create([{ productId: 600, quantity: 1 }])).orderId);
  return ids;
};

describe('the engine’s status', () => {
  it('says offline and nothing sent before the first round, then online with the time of the last success', async () => {
    await orders(2);
    const engine = engineWith();
    expect(engine.status()).toEqual({
      online: false,
      state: 'offline',
      pending: 2,
      rejected: 0,
      setAside: 0,
      lastSuccessAt: null,
      lastError: null,
      embeddedCentral: false,
      clockOffsetMs: null,
    });
    world.clock.advance(1000);
    expect(await engine.settle()).toEqual({
      online: true,
      state: 'online',
      pending: 0,
      rejected: 0,
      setAside: 0,
      lastSuccessAt: '2024-05-01T08:00:01.000Z',
      lastError: null,
      embeddedCentral: false,
      clockOffsetMs: null,
    });
    expect(engineWith({ embeddedCentral: true }).status().embeddedCentral).toBe(true);
  });

  it('tells the changed orders once each, and the status after every round', async () => {
    const ids = await orders(2);
    const engine = engineWith();
    const told: string[][] = [];
    const statuses: SyncStatus[] = [];
    engine.on('orders', (changed) => told.push(changed));
    engine.on('status', (status) => statuses.push(status));
    await engine.settle();
    expect(told).toEqual([ids]);
    expect(statuses).toHaveLength(1);
    await engine.settle();
    expect(told).toHaveLength(1);
    expect(statuses).toHaveLength(2);
  });
});

describe('when rounds get nowhere', () => {
  it('says offline when nothing reaches the central, keeps the last success, and backs off exponentially with jitter', async () => {
    await orders(1);
    const engine = engineWith();
    engine.start();
    await engine.settle();
    const success = engine.status().lastSuccessAt;
    expect(plannedDelay(engine)).toBe(5_000);
    await orders(1);
    world.proxy.decide = () => 'reset';
    world.clock.advance(1000);
    const delays: (number | null)[] = [];
    for (let round = 1; round <= 8; round++) {
      expect(await engine.settle()).toMatchObject({ online: false, pending: 1, lastError: 'sync.unreachable', lastSuccessAt: success });
      expect(failures(engine)).toBe(round);
      delays.push(plannedDelay(engine));
    }
    // random() is 0.5: half of 500 ms doubled per failure, up to half of a minute.
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    world.proxy.decide = null;
    expect(await engine.settle()).toMatchObject({ online: true, pending: 0, lastError: null });
    expect(failures(engine)).toBe(0);
  });

  it('waits its interval after a round that got on, on a timer that keeps no process alive, and plans nothing once stopped', async () => {
    const engine = engineWith({ intervalMs: 1234 });
    engine.kick();
    expect(running(engine)).toBeNull();
    await engine.settle();
    expect(plannedDelay(engine)).toBeNull();
    engine.start();
    await engine.settle();
    expect(plannedDelay(engine)).toBe(1234);
    expect((engine as unknown as { timer: NodeJS.Timeout }).timer.hasRef()).toBe(false);
    await engine.stop();
    expect(plannedDelay(engine)).toBeNull();
    engine.kick();
    expect(running(engine)).toBeNull();
    expect(plannedDelay(engine)).toBeNull();
  });

  it('waits five seconds between rounds unless told otherwise', async () => {
    const engine = engineWith();
    engine.start();
    await engine.settle();
    expect(plannedDelay(engine)).toBe(5_000);
    expect(engine.retry(null)).toBe(0);
    expect(running(engine)).toBeNull();
  });

  it('says online but centralError when the central answers every request with a 500', async () => {
    await orders(1);
    const engine = engineWith();
    world.proxy.decide = () => 'fail';
    expect(await engine.settle()).toMatchObject({ online: true, pending: 1, setAside: 0, lastError: 'sync.centralError' });
    expect(failures(engine)).toBe(1);
  });

  it('says tokenRefused, online, when the central refuses the token, for a push or for the pull', async () => {
    await orders(1);
    const engine = engineWith({ client: world.client('not-a-token') });
    expect(await engine.settle()).toMatchObject({ online: true, pending: 1, lastError: 'sync.tokenRefused' });
    const pullOnly = engineWith({ client: world.client('not-a-token') });
    await engineWith().settle();
    expect(await pullOnly.settle()).toMatchObject({ online: true, pending: 0, lastError: 'sync.tokenRefused' });
  });

  it('says unreachable when the pull gets no answer after the pushes got on', async () => {
    await orders(1);
    const engine = engineWith();
    world.proxy.decide = ({ path }) => (path.includes('updatedAfter=') ? 'reset' : undefined);
    expect(await engine.settle()).toMatchObject({ online: true, pending: 0, lastError: 'sync.unreachable' });
    expect(failures(engine)).toBe(0);
    expect(await engine.settle()).toMatchObject({ online: false, lastError: 'sync.unreachable' });
    expect(failures(engine)).toBe(1);
  });

  it('says failed when a round throws, and tries again later', async () => {
    await orders(1);
    const broken = {
      orderBase: world.client().orderBase,
      request: () => Promise.reject(new Error('broken client')),
    } as unknown as CentralClient;
    const engine = engineWith({ client: broken });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await engine.settle()).toMatchObject({ online: true, pending: 1, lastError: 'sync.failed' });
    expect(error).toHaveBeenCalledWith('counter: sync failed: broken client');
    expect(failures(engine)).toBe(1);
  });
});

describe('an order the central keeps failing', () => {
  it(`is set aside after ${MAX_ATTEMPTS} failures while the others pass, and put back by retry`, async () => {
    const [poison, other] = await orders(2);
    let failing = true;
    world.proxy.decide = ({ path, body }) => (failing && (path.includes(poison!) || body.includes(poison!)) ? 'fail' : undefined);
    const engine = engineWith();
    const first = await engine.settle();
    expect(first).toMatchObject({ online: true, pending: 1, setAside: 0, lastError: 'sync.orderFailed' });
    expect(await world.centralCopy(other!)).toBeDefined();
    let rounds = 1;
    while (engine.status().setAside === 0 && rounds < 3 * MAX_ATTEMPTS) {
      await engine.settle();
      rounds++;
    }
    expect(setAsideOrders(world.counter.test.db)).toEqual([
      { orderId: poison, attempts: MAX_ATTEMPTS, lastError: 'the central answered 500' },
    ]);
    expect(engine.status()).toMatchObject({ pending: 0, setAside: 1 });
    failing = false;
    expect(engine.retry(null)).toBe(1);
    expect(engine.retry(null)).toBe(0);
    expect(await engine.settle()).toMatchObject({ pending: 0, setAside: 0, lastError: null });
    expect(await world.centralCopy(poison!)).toBeDefined();
  });

  it('is counted only once the central is seen to work: not while every request fails', async () => {
    const [poison] = await orders(1);
    world.proxy.decide = () => 'fail';
    const engine = engineWith();
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) await engine.settle();
    expect(engine.status()).toMatchObject({ pending: 1, setAside: 0 });
    world.proxy.decide = ({ path, body }) => (path.includes(poison!) || body.includes(poison!) ? 'fail' : undefined);
    await engine.settle();
    expect(engine.status()).toMatchObject({ pending: 1, setAside: 0, lastError: 'sync.orderFailed' });
  });
});

describe('rounds asked for', () => {
  it('runs one more round for a kick during a round, and none for a kick while backing off', async () => {
    await orders(1);
    const engine = engineWith();
    engine.start();
    engine.kick();
    const statuses: SyncStatus[] = [];
    const twoRounds = new Promise<void>((resolve) =>
      engine.on('status', (status) => {
        statuses.push(status);
        if (statuses.length === 2) resolve();
      }),
    );
    await twoRounds;
    expect(statuses.map((s) => s.pending)).toEqual([0, 0]);
    world.proxy.decide = () => 'reset';
    await orders(1);
    await engine.settle();
    const before = statuses.length;
    engine.kick();
    await engine.settle();
    expect(statuses.length).toBe(before + 1);
  });
});
