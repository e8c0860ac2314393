import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardDetail, CardsFound, BlockAnswer } from '../../../shared/ipc/cards';
import type { IpcResult } from '../../../shared/ipc';
import type { RefundQuote, ReplacementAnswer } from '../../../shared/schemas/cards';
import type { TransitTokenRecord } from '../../../shared/schemas/reference';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { counterToken, startTestCentral } from '../testing/central';
import { FaultyProxy } from '../testing/faultyProxy';
import { testClock } from '../testing/clock';
import { clerk, counterSyncingWith, value, type TestCounter } from '../testing/counter';

/**
 * The card service against a real central (docs/counter.md §22, docs/api.md §12): finding Pas Jan
 * (880001, 3528 0100 0000 4411), blocking it, unblocking with a manager's PIN, replacing it with
 * the fee paid in cash, and a season on it quoted for ending early. Both clocks frozen at
 * 2024-02-29 12:00 UTC.
 */

const JAN = 880001;
const NOW = '2024-02-29T12:00:00.000Z';
let folder: ReturnType<typeof tempDir>;
let central: Central;
let counter: TestCounter;

beforeEach(async () => {
  folder = tempDir('counter-cards-');
  // A test central sheds no load (electron/core/testing/central.ts): on a busy machine it would answer 503.
  central = await startTestCentral(folder.dir, testClock(NOW));
  counter = await counterSyncingWith(folder.dir, central.url, await counterToken(), 'ca2d0000');
});
afterEach(async () => {
  await counter.close();
  await central.close();
  folder.remove();
});

const call = <T>(channel: string, input: unknown) => counter.dispatch(channel, input) as Promise<IpcResult<T>>;
const must = async <T>(channel: string, input: unknown) => value(await call<T>(channel, input), channel);
const detail = (transitTokenId = JAN) => must<CardDetail>('cards.detail', { transitTokenId });
const audit = (action: string) =>
  counter.test.db.prepare('SELECT staff_id AS who, outcome FROM audit_log WHERE action = ? ORDER BY seq').all(action) as {
    who: string;
    outcome: string;
  }[];

/** A month in the city on Pas Jan from today, with Jan's name and birth date typed on it, paid in cash. */
async function seasonOnJan() {
  const order = await openSeasonOnJan();
  return clerk(counter).pay(order.orderId, order.totalAmount);
}

/** The same month, not paid yet: an open order on the card. */
function openSeasonOnJan() {
  return clerk(counter).create([
    {
      productId: 201,
      quantity: 1,
      validFrom: NOW,
      customerTokens: [{ tokenTypeId: 2, transitTokenId: JAN, personalAccountData: { name: 'Jan de Vries', birthdate: '1961-03-14' } }],
    } as never,
  ]);
}

describe('finding a card', () => {
  beforeEach(() => clerk(counter).login());

  it('by its pass number typed with or without spaces, or by the last four digits of a bank card', async () => {
    const ids = (found: CardsFound) => found.cards.map((c) => c.transitTokenId);
    expect(ids(await must('cards.find', { passNumber: '3528 0100 0000 4411' }))).toEqual([JAN]);
    expect(ids(await must('cards.find', { passNumber: '3528010000004411' }))).toEqual([JAN]);
    expect(ids(await must('cards.find', { lastDigits: '1234' }))).toEqual([880002]);
    expect(await call('cards.find', { passNumber: '4411' })).toMatchObject({ ok: false, error: { code: 'request.invalid' } });
  });

  it('by name and birth date, from what was typed on a sale here; the owner is shown with the card', async () => {
    const season = await seasonOnJan();
    await counter.test.engine.settle();
    const found = await must<CardsFound>('cards.find', { name: 'jan  de vries', birthDate: '1961-03-14' });
    expect(found.cards.map((c) => c.transitTokenId)).toEqual([JAN]);
    expect((await must<CardsFound>('cards.find', { name: 'Jan de Vries', birthDate: '1961-03-15' })).cards).toEqual([]);
    const seen = await detail();
    expect(seen.owner).toEqual({ name: 'Jan de Vries', birthdate: '1961-03-14', photo: null });
    // The central names the sale by its own ids; the counter finds its own order and line for them.
    expect(seen.products?.map((p) => [p.productId, p.movedFrom, p.local])).toEqual([
      [201, null, { orderId: season.orderId, orderLineId: season.orderLines[0]!.orderLineId }],
    ]);
  });
});

describe('the e-purse on the card’s detail', () => {
  beforeEach(() => clerk(counter).login());

  it('is not known while no open order carries the card; an open order at the central gives the balance', async () => {
    expect((await detail()).ePurse).toEqual({ known: false });
    await seasonOnJan();
    await counter.test.engine.settle();
    // A paid order's token no longer carries the card (docs/api.md §3.1): still not known.
    expect((await detail()).ePurse).toEqual({ known: false });
    await openSeasonOnJan();
    await counter.test.engine.settle();
    expect((await detail()).ePurse).toEqual({ known: true, balance: { currency: 'EUR', amount: 1250 } });
    // Another card on no open order: not known, whatever Jan's says.
    expect((await detail(880003)).ePurse).toEqual({ known: false });
  });

  it('offline it is not known', async () => {
    await openSeasonOnJan();
    await counter.test.engine.settle();
    await central.close();
    const seen = await detail();
    expect(seen.products).toBeNull();
    expect(seen.ePurse).toEqual({ known: false });
  });
});

describe('blocking and unblocking', () => {
  it('a clerk blocks a lost card: the central has it at once, with its event, and the audit trail says who', async () => {
    await clerk(counter).login();
    const blocked = await must<BlockAnswer>('cards.block', { transitTokenId: JAN, reason: 'LOST', note: 'at the station' });
    expect(blocked).toMatchObject({ sent: true, block: { reason: 'LOST' } });
    const seen = await detail();
    expect(seen.card.tokenStatus.tokenStatusId).toBe(5);
    expect(seen.waitingBlock).toBeNull();
    expect(seen.events?.map((e) => [e.type, e.reason, e.note, e.requestId])).toEqual([
      ['BLOCKED', 'LOST', 'at the station', blocked.block.requestId],
    ]);
    expect(audit('cards.block')).toEqual([{ who: 'anna', outcome: 'done' }]);
  });

  it('unblocking takes a manager: a clerk alone or with a clerk’s PIN is refused and the card stays blocked', async () => {
    await clerk(counter).login();
    await must('cards.block', { transitTokenId: JAN, reason: 'LOST' });
    expect(await call('cards.unblock', { transitTokenId: JAN })).toMatchObject({ ok: false, error: { code: 'cards.approvalNeeded' } });
    expect(await call('cards.unblock', { transitTokenId: JAN, approval: { staffId: 'anna', pin: '1234' } })).toMatchObject({
      ok: false,
      error: { code: 'returns.managerPinOnly' },
    });
    expect((await detail()).card.tokenStatus.tokenStatusId).toBe(5);
    const found = await must<TransitTokenRecord>('cards.unblock', { transitTokenId: JAN, approval: { staffId: 'mark', pin: '9999' } });
    expect(found.tokenStatus.tokenStatusId).toBe(2);
    expect((await detail()).events?.map((e) => e.type)).toEqual(['BLOCKED', 'UNBLOCKED']);
    expect(audit('cards.unblock').map((r) => r.outcome)).toEqual(['refused', 'refused', 'done']);
  });
});

describe('a replacement card', () => {
  it('the fee sold in cash pays for it: the season and the balance move to the new card, the old one is replaced', async () => {
    await clerk(counter).login();
    const season = await seasonOnJan();
    await counter.test.engine.settle();
    await must('cards.block', { transitTokenId: JAN, reason: 'LOST' });
    const anna = clerk(counter);
    const feeOrder = await anna.create([{ productId: 410, quantity: 1 }]);
    const paid = await anna.pay(feeOrder.orderId, 1150);
    const replaced = await must<ReplacementAnswer>('cards.replace', {
      transitTokenId: JAN,
      passNumber: '3528 0100 0000 7777',
      fee: { orderId: paid.orderId },
    });
    expect(replaced.old.tokenStatus.tokenStatusId).toBe(3);
    expect(replaced.old.replacedByTokenId).toBe(replaced.new.transitTokenId);
    expect(replaced.new.passNumber).toBe('3528 0100 0000 7777');
    expect(replaced.moved.ePurse).toEqual({ currency: 'EUR', amount: 1250 });
    expect(replaced.moved.products.map((p) => [p.productName, p.validFrom])).toEqual([
      ['Maandabonnement stad', season.orderLines[0]!.validFrom],
    ]);
    const onNew = await detail(replaced.new.transitTokenId);
    expect(onNew.products?.map((p) => p.movedFrom)).toEqual([JAN]);
    // The same fee pays for one replacement only.
    expect(
      await call('cards.replace', {
        transitTokenId: replaced.new.transitTokenId,
        passNumber: '3528 0100 0000 8888',
        fee: { orderId: paid.orderId },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'cards.refused', kind: 'conflict' },
    });
  });

  it('a waived fee takes a manager’s PIN and its reason', async () => {
    await clerk(counter).login();
    const input = { transitTokenId: JAN, passNumber: '3528 0100 0000 7777', fee: { waived: 'defective under warranty' } };
    expect(await call('cards.replace', input)).toMatchObject({ ok: false, error: { code: 'cards.approvalNeeded' } });
    expect((await detail()).card.tokenStatus.tokenStatusId).toBe(2);
    const replaced = await must<ReplacementAnswer>('cards.replace', {
      ...input,
      fee: { ...input.fee, approval: { staffId: 'mark', pin: '9999' } },
    });
    expect(replaced.old.tokenStatus.tokenStatusId).toBe(3);
  });
});

describe('a replacement whose answer is lost', () => {
  let proxy: FaultyProxy;
  afterEach(() => proxy.close());

  it('asked again after a restart, it goes under the first requestId and gets the central’s first answer, not a refusal of a used fee', async () => {
    // A second counter, on the same central, behind a proxy that drops the first replacement's answer.
    proxy = await new FaultyProxy({ target: central.url }).start();
    let dropped = 0;
    proxy.decide = ({ method, path }) => (method === 'POST' && path.endsWith('/replacement') && dropped++ === 0 ? 'drop' : undefined);
    await counter.close();
    counter = await counterSyncingWith(folder.dir, proxy.url, await counterToken(), 'ca2d1000');
    const anna = clerk(counter);
    await anna.login();
    const paid = await anna.pay((await anna.create([{ productId: 410, quantity: 1 }])).orderId, 1150);
    const input = { transitTokenId: JAN, passNumber: '3528 0100 0000 7777', fee: { orderId: paid.orderId } };
    expect(await call('cards.replace', input)).toMatchObject({ ok: false, error: { code: 'cards.centralNeeded' } });
    const kept = () => counter.test.db.prepare('SELECT request_id AS id, transit_token_id AS card FROM card_replacements').all();
    const [asked] = kept() as { id: string }[];
    expect(kept()).toEqual([{ id: asked!.id, card: JAN }]);
    // The counter stops before the answer (its store closed), and starts again with ids of another run.
    await counter.close();
    counter = await counterSyncingWith(folder.dir, proxy.url, await counterToken(), 'ca2d2000');
    await clerk(counter).login();
    const replaced = await must<ReplacementAnswer>('cards.replace', input);
    expect(replaced.old.replacedByTokenId).toBe(replaced.new.transitTokenId);
    expect(replaced.new.passNumber).toBe('3528 0100 0000 7777');
    const posts = proxy.log.filter((r) => r.method === 'POST' && r.path.endsWith('/replacement'));
    expect(posts.map((r) => r.fate)).toEqual(['drop', 'forward']);
    // The central carried out one replacement, under the one requestId both asks went with.
    expect((await detail()).events?.filter((e) => e.type === 'REPLACED').map((e) => e.requestId)).toEqual([asked!.id]);
    expect(kept()).toEqual([]);
  });
});

describe('blocks made while the central does not answer', () => {
  let proxy: FaultyProxy;
  beforeEach(async () => {
    // The counter reaches the central through a proxy the test cuts and mends.
    proxy = await new FaultyProxy({ target: central.url }).start();
    await counter.close();
    counter = await counterSyncingWith(folder.dir, proxy.url, await counterToken(), 'ca2d3000');
    await clerk(counter).login();
    // Jan's card looked up while the central answered: the counter knows it offline.
    await detail();
  });
  afterEach(() => proxy.close());
  const syncState = (orderId: string) =>
    (counter.test.db.prepare('SELECT state FROM sync_orders WHERE order_id = ?').get(orderId) as { state: string }).state;

  it('a sale on the card made before the block reaches the central first: the sale is taken, then the card blocked', async () => {
    proxy.decide = () => 'reset';
    const season = await seasonOnJan();
    const blocked = await must<BlockAnswer>('cards.block', { transitTokenId: JAN, reason: 'LOST' });
    expect(blocked.sent).toBe(false);
    proxy.decide = null;
    await counter.test.engine.settle();
    expect(syncState(season.orderId)).toBe('synced');
    const reached = proxy.log.filter((r) => r.fate === 'forward' && r.method === 'POST').map((r) => r.path);
    const sale = reached.findIndex((p) => p.endsWith('/orders'));
    const block = reached.findIndex((p) => p.endsWith(`/transittokens/${JAN}/block`));
    expect(sale).toBeGreaterThanOrEqual(0);
    expect(block).toBeGreaterThan(sale);
    const seen = await detail();
    expect(seen.card.tokenStatus.tokenStatusId).toBe(5);
    expect(seen.products?.map((p) => p.productId)).toEqual([201]);
    expect(seen.events?.map((e) => [e.type, e.requestId])).toEqual([['BLOCKED', blocked.block.requestId]]);
  });

  it('online, a block made while the card’s sale is still unsent sends the sale first', async () => {
    proxy.decide = ({ path }) => (path.includes('/orders') ? 'reset' : undefined);
    const season = await seasonOnJan();
    proxy.decide = null;
    const blocked = await must<BlockAnswer>('cards.block', { transitTokenId: JAN, reason: 'STOLEN' });
    expect(blocked.sent).toBe(true);
    expect(syncState(season.orderId)).toBe('synced');
    expect((await detail()).card.tokenStatus.tokenStatusId).toBe(5);
  });

  it('killed between the block and its answer, the block is sent again after the restart and done once', async () => {
    // The central does the block, its answer never comes back; the counter stops before it hears more.
    proxy.decide = ({ method, path }) => (method === 'POST' && path.endsWith('/block') ? 'drop' : undefined);
    const blocked = await must<BlockAnswer>('cards.block', { transitTokenId: JAN, reason: 'LOST', note: 'in the train' });
    expect(blocked.sent).toBe(false);
    await counter.close();
    proxy.decide = null;
    counter = await counterSyncingWith(folder.dir, proxy.url, await counterToken(), 'ca2d4000');
    await counter.test.engine.settle();
    expect(counter.test.db.prepare('SELECT request_id AS id, stage FROM card_blocks').all()).toEqual([
      { id: blocked.block.requestId, stage: 'sent' },
    ]);
    // Every send before the restart lost its answer; after it, one got through.
    const fates = proxy.log.filter((r) => r.method === 'POST' && r.path.endsWith('/block')).map((r) => r.fate);
    expect(fates.at(-1)).toBe('forward');
    expect(fates.filter((f) => f !== 'drop')).toEqual(['forward']);
    await clerk(counter).login();
    expect((await detail()).events?.map((e) => [e.type, e.requestId, e.note])).toEqual([
      ['BLOCKED', blocked.block.requestId, 'in the train'],
    ]);
    // Later rounds send nothing more.
    await counter.test.engine.settle();
    expect(proxy.log.filter((r) => r.method === 'POST' && r.path.endsWith('/block'))).toHaveLength(fates.length);
  });
});

describe('ending a season early', () => {
  it('the quote comes from the domain’s arithmetic on the order here: a month started today keeps its first day and the fee', async () => {
    await clerk(counter).login();
    const season = await seasonOnJan();
    const line = season.orderLines[0]!;
    const quote = await must<RefundQuote>('cards.quote', { orderId: season.orderId, orderLineId: line.orderLineId });
    // 30 days of 9900, one used: floor(9900 × 29 ÷ 30) − 300.
    expect(quote).toMatchObject({ daysTotal: 30, daysUsed: 1, daysLeft: 29, fee: 300, refundable: 9270 });
    const single = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    expect(await call('cards.quote', { orderId: single.orderId, orderLineId: single.orderLines[0]!.orderLineId })).toMatchObject({
      ok: false,
    });
  });
});
