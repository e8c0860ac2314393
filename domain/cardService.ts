import { createHash, randomUUID } from 'node:crypto';
import type { BlockInput, CardEvent, RefundQuote, ReplacementInput, RunningProduct, UnblockInput } from '../shared/schemas/cards';
import type { FixtureTransitToken } from '../shared/schemas/reference';
import type { Catalog } from './catalog';
import { returnedQuantities } from './order/returns';
import { currentStatus } from './order/settle';
import { invalid, notFound, ok, refuse, type Result } from './result';
import type { Caller } from './service';
import type { CardWrite, StoredAnswer } from './store/cards';
import type { OrderStore } from './store/types';
import type { CardBook } from './cardBook';
import { block, replace, unblock, type CardActor, type Decided } from './cards/decisions';
import { amsterdamDay } from './cards/refundQuote';
import { cardLineage, runningLines } from './cards/running';
import { seasonQuote } from './cards/seasonRefund';

/** A caller of the card operations: a touchpoint's token, or an operator's (docs/api.md §12). */
export interface CardCaller extends Caller {
  operator: boolean;
}

/** What a write reads before its turn under the lock: how it decides, and the fee order it uses. */
interface Prepared {
  decide: (card: FixtureTransitToken, cards: FixtureTransitToken[]) => Result<Decided>;
  feeOrderId: string | null;
}

/** A write's answer: the status and body the first answered, for a repeat too. */
export interface Answer {
  status: number;
  body: unknown;
}

export interface CardServiceOptions {
  book: CardBook;
  store: OrderStore;
  clock?: () => Date;
  newId?: () => string;
}

const ORDERS_PAGE = 1000;

/**
 * The card operations of docs/api.md §12 over the order store: who may reach a card, repeats
 * by requestId, one write at a time under the store's lock, and the catalogue read again after
 * each change so the lookup and the sales rules see it at once.
 */
export class CardService {
  private readonly book: CardBook;
  private readonly store: OrderStore;
  private readonly clock: () => Date;
  private readonly newId: () => string;

  constructor(options: CardServiceOptions) {
    this.book = options.book;
    this.store = options.store;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
  }

  /** Reads the cards again when they changed since (this process or another): before every request (docs/api.md §12.1). */
  refresh = async (): Promise<void> => {
    await this.book.refresh();
  };

  /** A card the caller may reach: another customer's does not exist for a customer JWT (docs/api.md §7.4). */
  private reach(catalog: Catalog, transitTokenId: number, caller: Caller): Result<FixtureTransitToken> {
    const card = catalog.tokens.get(transitTokenId);
    if (!card || (caller.customerProfileId !== null && card.customerProfileId !== caller.customerProfileId)) {
      return notFound(`there is no card ${transitTokenId}`);
    }
    return ok(card);
  }

  /** Writes need a counter (an active touchpoint) or an operator. */
  private mayWrite(catalog: Catalog, caller: CardCaller): Result<true> {
    if (caller.operator || catalog.touchpoints.get(caller.touchpointId)?.isActive) return ok(true);
    return refuse({ kind: 'forbidden', detail: "Changing a card needs an active touchpoint's token or an operator's." });
  }

  private actor(caller: CardCaller, requestId: string): CardActor {
    return { at: this.clock().toISOString(), touchpointId: caller.touchpointId, sub: caller.sub ?? null, requestId };
  }

  /** The answer to a repeat: the stored one, or 409 when that requestId asked something else. */
  private repeated(stored: StoredAnswer, fingerprint: string): Result<Answer> {
    if (stored.fingerprint !== fingerprint) {
      return refuse({
        kind: 'conflict',
        detail: 'This requestId was used for another request; nothing was changed.',
        errors: [{ detail: 'the requestId is already used with another body', pointer: '/requestId' }],
      });
    }
    return ok({ status: stored.status, body: stored.body });
  }

  /**
   * Runs a write: the card reached, a stored answer of its requestId answered (before anything
   * else is judged, so a repeat answers the same whatever changed since), else `prepare` reads
   * what the decision needs and `decide` judges the card as it is under the lock.
   */
  private async write(
    operation: string,
    transitTokenId: number,
    input: { requestId: string },
    caller: CardCaller,
    prepare: (catalog: Catalog) => Promise<Result<Prepared>>,
  ): Promise<Result<Answer>> {
    const catalog = await this.book.refresh();
    const allowed = this.mayWrite(catalog, caller);
    if (!allowed.ok) return allowed;
    const reached = this.reach(catalog, transitTokenId, caller);
    if (!reached.ok) return reached;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([operation, transitTokenId, input]))
      .digest('hex');
    const earlier = await this.store.cards.answer(input.requestId);
    if (earlier) return this.repeated(earlier, fingerprint);
    const prepared = await prepare(catalog);
    if (!prepared.ok) return prepared;
    const { decide, feeOrderId } = prepared.value;
    let refusal: Result<never> | null = null;
    const commit = await this.store.cards.write({ requestId: input.requestId, fingerprint, feeOrderId }, (snapshot): CardWrite | null => {
      const cards = this.book.allCards(snapshot.cards);
      const card = cards.find((c) => c.transitTokenId === transitTokenId)!;
      if (feeOrderId !== null && snapshot.feeUsedBy !== null) {
        refusal = refuse({
          kind: 'conflict',
          detail: `The fee order ${feeOrderId} paid for another replacement already (requestId ${snapshot.feeUsedBy}).`,
          errors: [{ detail: `the fee order was used by replacement ${snapshot.feeUsedBy}`, pointer: '/fee/orderId', orderId: feeOrderId }],
        });
        return null;
      }
      const decided = decide(card, cards);
      if (!decided.ok) {
        refusal = decided;
        return null;
      }
      const { status, body, cards: changed, events } = decided.value;
      return { answer: { status, body }, cards: changed, events, ...(feeOrderId !== null && { feeOrderId }) };
    });
    // The same requestId may have been written meanwhile (two at once): the lock saw it.
    if ('repeat' in commit) return this.repeated(commit.repeat, fingerprint);
    if (!commit.written) return refusal!;
    await this.book.refresh();
    return ok(commit.written.answer);
  }

  block = (transitTokenId: number, input: BlockInput, caller: CardCaller) =>
    this.write('block', transitTokenId, input, caller, async () =>
      ok({ decide: (card) => block(card, input, this.actor(caller, input.requestId)), feeOrderId: null }),
    );

  unblock = (transitTokenId: number, input: UnblockInput, caller: CardCaller) =>
    this.write('unblock', transitTokenId, input, caller, async () => {
      const events = await this.store.cards.events(transitTokenId);
      const blocked = events.filter((e) => e.type === 'BLOCKED' || e.type === 'UNBLOCKED').at(-1)?.type === 'BLOCKED';
      return ok({ decide: (card) => unblock(card, blocked, this.actor(caller, input.requestId)), feeOrderId: null });
    });

  replace = (transitTokenId: number, input: ReplacementInput, caller: CardCaller) =>
    this.write('replacement', transitTokenId, input, caller, async (catalog) => {
      const fee = await this.checkFee(catalog, input.fee, caller);
      if (!fee.ok) return fee;
      const products = await this.running(catalog, transitTokenId);
      const newIds = { xTat: this.newId(), xBot: this.newId() };
      const facts = { products, newIds, feeNote: fee.value.note };
      return ok({
        decide: (card, cards) => replace(card, input, { ...facts, cards, now: this.clock() }, this.actor(caller, input.requestId)),
        feeOrderId: fee.value.orderId,
      });
    });

  /**
   * A fee order (docs/api.md §12.2, §12.5): paid or delivered, of the caller's touchpoint,
   * with a line of the replacement fee product not returned. Whether another replacement used
   * it is judged under the lock.
   */
  private async checkFee(
    catalog: Catalog,
    fee: ReplacementInput['fee'],
    caller: Caller,
  ): Promise<Result<{ orderId: string | null; note: string }>> {
    if ('waived' in fee) return ok({ orderId: null, note: `fee waived: ${fee.waived}` });
    const bad = (detail: string) => invalid<never>([{ detail, pointer: '/fee/orderId', orderId: fee.orderId }]);
    const record = await this.store.get(fee.orderId);
    if (!record || (caller.customerProfileId !== null && record.order.customerProfileId !== caller.customerProfileId)) {
      return bad(`there is no order ${fee.orderId}`);
    }
    if (record.touchpointId !== caller.touchpointId) return bad(`the fee order belongs to touchpoint ${record.touchpointId}`);
    const status = currentStatus(record.order);
    if (status !== 'paid' && status !== 'delivered') return bad(`the fee order is ${status}, not paid or delivered`);
    const returned = returnedQuantities(record.order);
    const feeLine = record.order.orderLines.find(
      (l) => catalog.products.get(l.productId)?.role === 'replacementFee' && (returned.get(l.orderLineId) ?? 0) < l.quantity,
    );
    if (!feeLine) return bad('the fee order has no line of the replacement fee that was not refunded');
    return ok({ orderId: fee.orderId, note: `fee order ${record.order.orderNumber}` });
  }

  /** The lines running on a card now (docs/api.md §12.3); a replaced card has none. */
  private async running(catalog: Catalog, transitTokenId: number): Promise<RunningProduct[]> {
    const card = catalog.tokens.get(transitTokenId);
    if (!card || card.tokenStatusId === 3) return [];
    const lineage = cardLineage(catalog.tokens.values(), transitTokenId);
    const now = this.clock();
    const products: RunningProduct[] = [];
    let after = null;
    do {
      const page = await this.store.list({ transitTokenIds: lineage, orderStatusId: [4, 5] }, ORDERS_PAGE, after);
      for (const row of page.rows) products.push(...runningLines(JSON.parse(row.doc), transitTokenId, lineage, now));
      after = page.next;
    } while (after);
    return products;
  }

  async products(transitTokenId: number, caller: Caller): Promise<Result<{ products: RunningProduct[] }>> {
    const catalog = await this.book.refresh();
    const reached = this.reach(catalog, transitTokenId, caller);
    if (!reached.ok) return reached;
    return ok({ products: await this.running(catalog, transitTokenId) });
  }

  async events(transitTokenId: number, caller: Caller): Promise<Result<{ events: CardEvent[] }>> {
    const reached = this.reach(await this.book.refresh(), transitTokenId, caller);
    if (!reached.ok) return reached;
    return ok({ events: await this.store.cards.events(transitTokenId) });
  }

  /** GET /orderlines/{orderLineId}/refundquote (docs/api.md §12.4): `on` defaults to today in Amsterdam. */
  async quote(orderLineId: string, on: string | undefined, caller: Caller): Promise<Result<RefundQuote>> {
    const orderId = await this.store.orderIdOfPart('line', orderLineId);
    const record = orderId ? await this.store.get(orderId) : undefined;
    if (!record || (caller.customerProfileId !== null && record.order.customerProfileId !== caller.customerProfileId)) {
      return notFound(`there is no order line ${orderLineId}`);
    }
    const line = record.order.orderLines.find((l) => l.orderLineId === orderLineId)!;
    return seasonQuote(record.order, line, await this.book.refresh(), on ?? amsterdamDay(this.clock()));
  }
}
