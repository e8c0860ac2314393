import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import type { SyncStatus } from '../../../shared/ipc';
import { startCentral, type Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralOrders, counterToken, TEST_SECRET } from '../testing/central';
import { clerk, counterSyncingWith, type TestCounter } from '../testing/counter';
import { FaultyProxy } from '../testing/faultyProxy';
import type { CentralClient } from '../central/centralClient';

/**
 * Back after an outage in seconds (docs/counter.md §18): while the central cannot be reached,
 * the engine asks it every probe interval whether it is back, and sends the moment it is,
 * however long the back-off it was in. The back-off here is the longest there is (its jitter
 * at the top, the failures piled up: 60 s), longer than this test may run: only the probe can
 * bring the backlog through.
 */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

type Seen = { kind: 'probe'; answer: string } | { kind: 'status'; pending: number; online: boolean };

describe('an outage', () => {
  it('stop the central, sell, start it again: the first thing after its return is a probe that answers, then the backlog goes', async () => {
    const folder = tempDir('counter-outage-');
    opened.push(() => folder.remove());
    const db = join(folder.dir, 'central.sqlite');
    let central: Central | null = await startCentral({ db, port: 0, jwtSecret: TEST_SECRET });
    opened.push(() => central?.close());
    const port = Number(new URL(central.url).port);
    const token = await counterToken();
    const counter: TestCounter = await counterSyncingWith(folder.dir, central.url, token, 'c2c2c2c2', {
      autoSync: false,
      random: () => 0.999,
      probeIntervalMs: 20,
    });
    opened.push(() => counter.close());
    const anna = clerk(counter);
    await anna.login();
    counter.test.engine.start();
    await counter.test.engine.settle();

    await central.close();
    central = null;
    // Rounds that get nowhere pile up the back-off to its longest.
    for (let i = 0; i < 8; i++) await counter.test.engine.settle();
    expect(counter.test.engine.status()).toMatchObject({ online: false });
    const sold = [];
    // Each sale kicks: with the central down, the kick asks it (a probe), it does not wait out the back-off.
    const probesWhileDown: string[] = [];
    const offProbe = (answer: string) => probesWhileDown.push(answer);
    counter.test.engine.on('probe', offProbe);
    for (let i = 0; i < 3; i++) sold.push((await anna.create([{ productId: 600, quantity: 1 }])).orderId);
    await new Promise((resolve) => counter.test.engine.once('probe', resolve));
    counter.test.engine.off('probe', offProbe);
    expect(probesWhileDown.every((a) => a === 'down')).toBe(true);
    // A round that tries them: refused at connect, nothing of them left, so none is to be looked
    // for on the central before its create.
    expect(await counter.test.engine.settle()).toMatchObject({ online: false, pending: 3 });
    const unknown = counter.test.db.prepare('SELECT COUNT(*) AS n FROM sync_orders WHERE outcome_unknown = 1').get() as { n: number };
    expect(unknown.n).toBe(0);

    const seen: Seen[] = [];
    const sent = new Promise<void>((resolve) => {
      counter.test.engine.on('probe', (answer) => seen.push({ kind: 'probe', answer }));
      counter.test.engine.on('status', (s: SyncStatus) => {
        seen.push({ kind: 'status', pending: s.pending, online: s.online });
        if (s.pending === 0) resolve();
      });
    });
    central = await startCentral({ db, port, jwtSecret: TEST_SECRET });
    await sent;

    // After the central came back: probes that may still have met it down, then one that met it up, then the round that sent.
    const firstUp = seen.findIndex((e) => e.kind === 'probe' && e.answer === 'up');
    expect(firstUp).toBeGreaterThanOrEqual(0);
    expect(seen.slice(0, firstUp).every((e) => e.kind === 'probe' && e.answer === 'down')).toBe(true);
    expect(seen.slice(firstUp + 1)).toEqual([{ kind: 'status', pending: 0, online: true }]);
    expect((await centralOrders(central.url, token)).map((o) => o.externalOrderId).sort()).toEqual(sold.sort());
  });
});

describe('a central that answers with errors', () => {
  it('is left to its back-off: no probe, and a sale waits for the retry already planned', async () => {
    const folder = tempDir('counter-erring-');
    opened.push(() => folder.remove());
    const central = await startCentral({ db: join(folder.dir, 'central.sqlite'), port: 0, jwtSecret: TEST_SECRET });
    opened.push(() => central.close());
    const proxy = await new FaultyProxy({ target: central.url }).start();
    opened.push(() => proxy.close());
    const counter = await counterSyncingWith(folder.dir, proxy.url, await counterToken(), 'c3c3c3c3', {
      autoSync: false,
      random: () => 0.999,
      probeIntervalMs: 1,
    });
    opened.push(() => counter.close());
    const anna = clerk(counter);
    await anna.login();
    proxy.decide = () => 'fail';
    await anna.create([{ productId: 600, quantity: 1 }]);
    counter.test.engine.start();
    const status = await counter.test.engine.settle();
    expect(status).toMatchObject({ online: true, pending: 1, lastError: 'sync.centralError' });

    const engine = counter.test.engine as unknown as { options: { client: CentralClient }; running: Promise<void> | null };
    const probes = vi.spyOn(engine.options.client, 'probe');
    // The sale kicks the engine (a round or a probe would start in that call, synchronously).
    await anna.create([{ productId: 600, quantity: 2 }]);
    expect(probes).not.toHaveBeenCalled();
    expect(engine.running).toBeNull();
  });
});
