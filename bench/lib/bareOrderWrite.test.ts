import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterOrder } from '../../shared/ipc';
import { openCounterDatabase } from '../../electron/core/db/database';
import { counterToken } from '../../electron/core/testing/central';
import { tempDir } from '../../server/testing/fixtures';
import { offlineCounter } from '../counter';
import { bareOrderWriter, sameWrites, writesOf } from './bareOrderWrite';

let folder: ReturnType<typeof tempDir>;
beforeEach(() => {
  folder = tempDir('bare-order-write-test-');
});
afterEach(() => folder.remove());

describe('the bare baseline of orders.create', () => {
  it('writes the rows the handler writes for a new order of three lines, table by table', async () => {
    const counter = await offlineCounter(join(folder.dir, 'handler'), await counterToken());
    const db = openCounterDatabase(join(folder.dir, 'bare.sqlite'));
    try {
      const create = async () => {
        const answer = await counter.dispatch('orders.create', {
          languageId: 1,
          orderLines: [
            { productId: 600, quantity: 1 },
            { productId: 601, quantity: 2 },
            { productId: 600, quantity: 3 },
          ],
        });
        if (!answer.ok) throw new Error(answer.error.message);
        return (answer.value as CounterOrder).order;
      };
      const bare = bareOrderWriter(db, await create());
      bare();
      const before = { handler: writesOf(counter.test.db), bare: writesOf(db) };
      await create();
      bare();
      const after = { handler: writesOf(counter.test.db), bare: writesOf(db) };

      const written = Object.fromEntries(
        Object.keys(after.bare)
          .map((k) => [k, after.bare[k]! - before.bare[k]!] as const)
          .filter(([, n]) => n !== 0),
      );
      expect(written).toEqual({
        // Includes the update of the kept count of orders waiting to be sent (a TEMP trigger, electron/core/db/pendingCount.ts).
        'rows changed': 15,
        orders: 1,
        order_parts: 3,
        outbox: 1,
        sync_orders: 1,
        order_facts: 1,
        order_fact_lines: 3,
        order_search_keys: 1,
        order_events: 1,
      });
      expect(() => sameWrites({ before: before.handler, after: after.handler }, { before: before.bare, after: after.bare })).not.toThrow();
    } finally {
      await counter.close();
      db.close();
    }
  });

  it('is refused when it writes other rows than the handler, naming the tables', () => {
    const before = { orders: 5, order_events: 5, 'rows changed': 50 };
    expect(() =>
      sameWrites(
        { before, after: { orders: 6, order_events: 6, 'rows changed': 60 } },
        { before, after: { orders: 6, order_events: 5, 'rows changed': 59 } },
      ),
    ).toThrow('the bare baseline does not write what the handler writes: order_events 1 against 0, rows changed 10 against 9');
  });
});
