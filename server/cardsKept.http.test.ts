import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardEvent } from '../shared/schemas/cards';
import type { Fixtures } from '../shared/schemas/reference';
import { blockCard, cardUrl, lookedUp, replaceCard, requestId, unblockCard } from './testing/cards';
import { scenarios, tempDir } from './testing/fixtures';
import { freshTestStore, harness, type Harness } from './testing/harness';
import { testPostgresUrl } from './testing/postgres';
import { createOrder, line, registered } from './testing/orders';

/** docs/api.md §12: card changes are the central's own data, kept over a restart and over a reload of the fixtures. */

const tmp = tempDir();
afterAll(() => tmp.remove());

const storeFor = async (name: string) => (testPostgresUrl() ? await freshTestStore() : join(tmp.dir, `${name}.sqlite`));

describe.each(scenarios())('card changes kept ($name)', ({ fixtures, now }) => {
  it('two processes on one database: a block through one is seen by the other at once, lookup and sales', async () => {
    const db = await storeFor(`shared-${fixtures.touchpoints[0]!.salesTouchpointId}`);
    const one = await harness({ fixtures, now, db });
    const two = await harness({ fixtures, now, db });
    try {
      const card = one.roles.registeredToken;
      // The second process has read the cards before the block.
      expect((await lookedUp(two, card.transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
      expect((await blockCard(one, card.transitTokenId)).status).toBe(200);
      expect((await lookedUp(two, card.transitTokenId))!.tokenStatus.tokenStatusId).toBe(5);
      const order = await createOrder(two, [line(two.roles.needsRegistered, { customerTokens: [registered(card)] })]);
      expect(order.orderLines[0]!.validationResult).toBe('invalid');
      expect((await unblockCard(two, card.transitTokenId)).status).toBe(200);
      expect((await lookedUp(one, card.transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a block and a replacement survive a restart on the same database and a reload of other fixtures', async () => {
    const db = await storeFor(`kept-${fixtures.touchpoints[0]!.salesTouchpointId}`);
    const blocked = fixtures.transitTokens.find((t) => t.tokenStatusId === 2 && t.tokenTypeId !== 1)!;
    const replaced = fixtures.transitTokens.find((t) => t.tokenStatusId === 2 && t.transitTokenId !== blocked.transitTokenId)!;
    const newId = Math.max(...fixtures.transitTokens.map((t) => t.transitTokenId)) + 1;
    const replacement = { requestId: requestId(), passNumber: '9999 1111 2222 3333' };

    let h: Harness = await harness({ fixtures, now, db });
    expect((await blockCard(h, blocked.transitTokenId, { reason: 'LOST' })).status).toBe(200);
    const first = await replaceCard(h, replaced.transitTokenId, replacement);
    expect(first.status).toBe(201);
    await h.close();

    // The reloaded fixtures say the blocked card is active and rename both: the central's changes stay.
    const reloaded: Fixtures = {
      ...fixtures,
      transitTokens: fixtures.transitTokens.map((t) =>
        t === blocked || t === replaced ? { ...t, alias: `${t.alias} (reloaded)`, tokenStatusId: 2 } : t,
      ),
    };
    for (const again of [fixtures, reloaded]) {
      h = await harness({ fixtures: again, now, db });
      try {
        expect((await lookedUp(h, blocked.transitTokenId))!.tokenStatus.tokenStatusId).toBe(5);
        expect(await lookedUp(h, replaced.transitTokenId)).toMatchObject({ tokenStatus: { tokenStatusId: 3 }, replacedByTokenId: newId });
        expect((await lookedUp(h, newId))!.tokenStatus.tokenStatusId).toBe(2);
        const events = (await h.call<{ events: CardEvent[] }>('GET', cardUrl(blocked.transitTokenId, 'events'))).body.events;
        expect(events.map((e) => [e.type, e.reason])).toEqual([['BLOCKED', 'LOST']]);
        // A repeat after the restart still answers the first answer, and makes no second card.
        const repeat = await replaceCard(h, replaced.transitTokenId, replacement);
        expect([repeat.status, repeat.body]).toEqual([201, first.body]);
        expect(await lookedUp(h, newId + 1)).toBeUndefined();
        // The blocked card still sells nothing (once: each harness counts its order ids from 1 again).
        if (again !== reloaded) continue;
        const product = h.roles.productTaking(blocked);
        const order = await createOrder(h, [line(product, { customerTokens: [registered(blocked)] })]);
        expect(order.orderLines[0]!.validationErrors.map((e) => e.pointer)).toContain('/customerTokens/0/transitTokenId');
      } finally {
        await h.close();
      }
    }
  });
});
