import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlockAnswer, CardDetail } from '../../../shared/ipc/cards';
import type { IpcResult } from '../../../shared/ipc';
import type { CentralAnswer } from '../central/centralClient';
import { countingIds, testClock } from '../testing/clock';
import { clerk, value } from '../testing/counter';
import { offlineCounterPerTest } from '../testing/offlineCounter';
import { scriptedClient, type ScriptedClient } from '../testing/scriptedClient';
import { CardBlocks } from './blocks';

/**
 * A block made while the central does not answer (docs/counter.md §22.2): kept with the audit
 * row, said on screen as not sent, and sent exactly once, under the requestId made when it was asked.
 */

const counter = offlineCounterPerTest('blocks', 'b10c0000');
const JAN = 880001;
const call = <T>(channel: string, input: unknown) => counter().dispatch(channel, input) as Promise<IpcResult<T>>;

const JAN_RECORD = {
  transitTokenId: JAN,
  customerProfileId: 50001,
  tokenType: { tokenTypeId: 2, name: 'Pass physical' },
  xTat: '5eed0000-0000-0000-0000-0000000003e9',
  xBot: '5eed0000-0000-0000-0000-0000000007d1',
  alias: 'Pas Jan',
  lastDigits: 4411,
  passNumber: '3528 0100 0000 4411',
  tokenStatus: { tokenStatusId: 5, name: 'Suspended' },
  expirationDate: '2029-05-31T23:59:59Z',
  replacedByTokenId: null,
};

describe('a block made offline', () => {
  beforeEach(() => clerk(counter()).login());

  it('waits, is said as not sent, and asking again keeps the one block; its audit row names the clerk', async () => {
    const first = value(await call<BlockAnswer>('cards.block', { transitTokenId: JAN, reason: 'STOLEN', note: 'on the tram' }));
    expect(first).toMatchObject({ sent: false, block: { reason: 'STOLEN', at: '2024-05-01T08:00:00.000Z' } });
    const again = value(await call<BlockAnswer>('cards.block', { transitTokenId: JAN, reason: 'LOST' }));
    expect(again).toEqual(first);
    expect(counter().test.db.prepare('SELECT request_id AS id, reason, note, stage FROM card_blocks').all()).toEqual([
      { id: first.block.requestId, reason: 'STOLEN', note: 'on the tram', stage: 'waiting' },
    ]);
    const detail = value(await call<CardDetail>('cards.detail', { transitTokenId: JAN }));
    expect(detail).toMatchObject({ waitingBlock: first.block, products: null, events: null });
    const audit = counter().test.db.prepare("SELECT staff_id AS who, outcome, detail FROM audit_log WHERE action = 'cards.block'").all();
    expect(audit).toMatchObject([
      { who: 'anna', outcome: 'done' },
      { who: 'anna', outcome: 'done' },
    ]);
  });

  it('unblocking and replacing need the central: refused, nothing kept', async () => {
    const manager = { staffId: 'mark', pin: '9999' };
    expect(await call('cards.unblock', { transitTokenId: JAN, approval: manager })).toMatchObject({
      ok: false,
      error: { code: 'cards.centralNeeded' },
    });
    expect(
      await call('cards.replace', { transitTokenId: JAN, passNumber: '3528010000007777', fee: { waived: 'defective', approval: manager } }),
    ).toMatchObject({ ok: false, error: { code: 'cards.centralNeeded' } });
  });
});

describe('the outbox of blocks', () => {
  let client: ScriptedClient;
  let bodies: unknown[];
  let answer: CentralAnswer<unknown>;
  let blocks: CardBlocks;
  beforeEach(() => {
    bodies = [];
    answer = { kind: 'unknown', reason: 'connect ECONNREFUSED' };
    client = scriptedClient(null, (_method, _url, body) => {
      bodies.push(body);
      return answer;
    });
    blocks = new CardBlocks(
      counter().test.db,
      () => ({ request: client.request, lookupBase: client.orderBase }),
      countingIds('0b0c0000'),
      testClock('2024-05-01T08:00:00.000Z'),
    );
  });
  afterEach(() => client.open());

  it('sends a block until the central has it, always under its first requestId, and never after', async () => {
    const block = blocks.record(JAN, 'LOST', null);
    expect(blocks.record(JAN, 'LOST', null)).toEqual(block);
    await blocks.sendAll();
    // The central did it but its answer was lost: sent again, the same request.
    await blocks.sendAll();
    answer = { kind: 'ok', status: 200, value: JAN_RECORD };
    expect(await blocks.send(JAN)).toEqual({ kind: 'ok', value: JAN_RECORD });
    await blocks.sendAll();
    await blocks.send(JAN);
    expect(client.sent).toEqual(Array(3).fill(`POST /transittokens/${JAN}/block`));
    expect(bodies).toEqual(Array(3).fill({ requestId: block.requestId, reason: 'LOST' }));
    expect(blocks.waiting(JAN)).toBeNull();
  });

  it('a block waits for a sale on its card made before it, not for one made after it, nor for one set aside', async () => {
    const db = counter().test.db;
    // Bare outbox rows stand for the sales (the orders' own rows are not what this is about).
    db.pragma('foreign_keys = OFF');
    const sale = (orderId: string, card: number) => {
      db.prepare("INSERT INTO outbox (order_id, change, created_at) VALUES (?, 'insert', 't')").run(orderId);
      db.prepare('INSERT INTO order_tokens (transit_token_id, order_id) VALUES (?, ?)').run(card, orderId);
    };
    answer = { kind: 'ok', status: 200, value: JAN_RECORD };
    sale('before', JAN);
    sale('other card', 880002);
    blocks.record(JAN, 'LOST', null);
    sale('after', JAN);
    expect(blocks.heldBySale(JAN)).toBe(true);
    expect(await blocks.send(JAN)).toEqual({ kind: 'unknown', reason: 'a sale on the card made before the block is not sent yet' });
    await blocks.sendAll();
    expect(bodies).toEqual([]);
    // The sale before it was sent (its outbox rows gone): the block goes, though a later sale waits.
    db.prepare("DELETE FROM outbox WHERE order_id = 'before'").run();
    expect(blocks.heldBySale(JAN)).toBe(false);
    await blocks.sendAll();
    expect(bodies).toHaveLength(1);

    // A sale set aside for a manager does not hold a lost card's block.
    blocks.record(880002, 'STOLEN', null);
    sale('stuck', 880002);
    db.prepare("UPDATE outbox SET seq = seq - 1000 WHERE order_id = 'stuck'").run();
    expect(blocks.heldBySale(880002)).toBe(true);
    db.prepare("INSERT INTO sync_orders (order_id, state, updated_at, set_aside) VALUES ('stuck', 'pending', 't', 1)").run();
    db.prepare("INSERT INTO sync_orders (order_id, state, updated_at, set_aside) VALUES ('other card', 'pending', 't', 1)").run();
    expect(blocks.heldBySale(880002)).toBe(false);
  });

  it('two sends at once send once', async () => {
    blocks.record(JAN, 'DEFECTIVE', null);
    answer = { kind: 'ok', status: 200, value: JAN_RECORD };
    client.shut();
    const both = Promise.all([blocks.send(JAN), blocks.sendAll()]);
    client.open();
    await both;
    expect(bodies).toHaveLength(1);
  });

  it('a block the central refuses is kept as refused and not sent again', async () => {
    blocks.record(JAN, 'OTHER', 'found damaged');
    answer = {
      kind: 'refused',
      status: 409,
      problem: {
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        detail: 'Card 880001 cannot be blocked: it is replaced.',
        errors: [],
      } as never,
    };
    expect(await blocks.send(JAN)).toEqual({ kind: 'refused', detail: 'Card 880001 cannot be blocked: it is replaced.' });
    await blocks.sendAll();
    expect(bodies).toHaveLength(1);
  });
});
