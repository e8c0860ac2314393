import type { HandlersOf, IpcResult, StaffMember } from '../../../shared/ipc';
import type { cardChannels, EPurseSeen, HeldProduct } from '../../../shared/ipc/cards';
import { ok, refusal } from '../../../shared/refusals';
import { cardEvents, replacementAnswer, runningProducts, type RunningProduct } from '../../../shared/schemas/cards';
import { orderList, order as orderSchema } from '../../../shared/schemas/order';
import type { TransitTokenRecord } from '../../../shared/schemas/reference';
import { transitTokenRecord } from '../../../shared/schemas/reference';
import { amsterdamDay } from '../../../domain/cards/refundQuote';
import { seasonQuote } from '../../../domain/cards/seasonRefund';
import { addActValues } from '../audit';
import type { CatalogCache } from '../catalog';
import type { CentralAnswer, CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import { stateOf } from '../db/syncState';
import { findByCentralId, getSync } from '../db/syncOrders';
import type { OrderDesk } from '../orders';
import { approverOf, type Staff } from '../staff';
import type { Lookups } from '../tokens';
import type { CardBlocks } from './blocks';
import { cardsOwnedBy, ownerOf } from './owners';
import { CardReplacements } from './replacements';

export interface CardDeps {
  db: CounterDb;
  blocks: CardBlocks;
  client: () => Pick<CentralClient, 'lookupBase' | 'orderBase' | 'request'>;
  catalog: CatalogCache;
  lookups: Lookups;
  staff: Staff;
  desk: OrderDesk;
  /** Sends what waits to the central (a replacement's fee sale must be there first). */
  settle: () => Promise<unknown>;
  newId: () => string;
  now: () => Date;
}

/** A write the central refused or did not answer, in the clerk's words (docs/counter.md §22). */
function notDone<T>(answer: Exclude<CentralAnswer<unknown>, { kind: 'ok' }>): IpcResult<T> {
  if (answer.kind === 'unknown') return refusal('internal', 'cards.centralNeeded');
  const kind = answer.status === 404 ? 'not-found' : answer.status === 409 ? 'conflict' : 'invalid';
  return refusal(kind, 'cards.refused', { detail: answer.problem.detail }, answer.problem.errors ?? []);
}

/** A manager's approval at the till (docs/counter.md §19), its name for the audit row. */
function approved(staff: Staff, approval: { staffId: string; pin: string } | undefined): IpcResult<StaffMember> {
  const approver = approverOf(staff, approval, 'cards.approvalNeeded');
  if (approver.ok) addActValues({ approver: { text: approver.value.name } });
  return approver;
}

/**
 * The card service (docs/counter.md §22, docs/api.md §12): reads from the central, or from the
 * counter's cache when it does not answer; a block waits in the counter's outbox; unblocking and
 * replacing need the central.
 */
export function cardHandlers(deps: CardDeps): HandlersOf<typeof cardChannels> {
  const { db, blocks, catalog } = deps;
  const tokens = (id: number, path: string) => `${deps.client().lookupBase}/transittokens/${id}${path}`;
  const remember = (cards: TransitTokenRecord[]) => catalog.remember(cards, [], deps.now().toISOString());
  /**
   * One requestId per replacement asked (card, new pass number, fee) until the central answers,
   * kept over a restart: a retry after a lost answer gets the central's stored answer, not a
   * refusal of a used fee (docs/counter.md §22.3).
   */
  const replacing = new CardReplacements(db, deps.newId, deps.now);

  /**
   * Each running product with its order and line on this counter, where it was sold here: the
   * central names them by its own ids, its copy of the order names ours (externalOrderLineId).
   */
  const here = (products: RunningProduct[]): Promise<HeldProduct[]> =>
    Promise.all(
      products.map(async (p): Promise<HeldProduct> => {
        const local = findByCentralId(db, p.orderId);
        if (!local) return { ...p, local: null };
        const client = deps.client();
        const there = await client.request('GET', `${client.orderBase}/orders/${p.orderId}`, orderSchema);
        const line = there.kind === 'ok' ? there.value.orderLines.find((l) => l.orderLineId === p.orderLineId) : undefined;
        const orderLineId = line?.externalOrderLineId ?? null;
        return { ...p, local: orderLineId ? { orderId: local.orderId, orderLineId } : null };
      }),
    );

  /**
   * The e-purse as the central gives it (docs/counter.md §22.1): an open order on the card (GET
   * /orders by its xTat, concept to pendingPayment) carries the card as it is, e-purse included.
   */
  const ePurseOf = async (card: TransitTokenRecord): Promise<EPurseSeen> => {
    const client = deps.client();
    const query = new URLSearchParams({ xTat: card.xTat, orderStatusId: '1,2,3', limit: '1' });
    const open = await client.request('GET', `${client.orderBase}/orders?${query}`, orderList);
    const seen =
      open.kind === 'ok'
        ? open.value.orders
            .flatMap((o) => o.orderLines.flatMap((l) => l.customerTokens ?? []))
            .find((t) => t.transitTokenId === card.transitTokenId && t.transitToken)?.transitToken
        : undefined;
    if (!seen) return { known: false };
    const balance = seen.ePurse?.['e-PurseBalance'];
    return { known: true, balance: balance ? { currency: balance.currency, amount: balance.amount } : null };
  };

  return {
    'cards.find': async (search) => {
      if ('passNumber' in search) {
        const answer = await deps.lookups.tokens({ passNumber: search.passNumber });
        return ok({ cards: answer.records, source: answer.source });
      }
      if ('lastDigits' in search) {
        const answer = await deps.lookups.tokens({ lastDigits: Number(search.lastDigits) });
        return ok({ cards: answer.records, source: answer.source });
      }
      const ids = cardsOwnedBy(db, search.name, search.birthDate);
      const answers = await Promise.all(ids.map((transitTokenId) => deps.lookups.tokens({ transitTokenId })));
      return ok({ cards: answers.flatMap((a) => a.records), source: answers.every((a) => a.source === 'central') ? 'central' : 'cache' });
    },

    'cards.detail': async ({ transitTokenId }) => {
      const found = await deps.lookups.tokens({ transitTokenId });
      const card = found.records[0];
      if (!card) return refusal('not-found', 'cards.notFound');
      const online = found.source === 'central';
      const [products, events, ePurse] = online
        ? await Promise.all([
            deps.client().request('GET', tokens(transitTokenId, '/products'), runningProducts),
            deps.client().request('GET', tokens(transitTokenId, '/events'), cardEvents),
            ePurseOf(card),
          ])
        : [null, null, { known: false as const }];
      return ok({
        ePurse,
        card,
        owner: ownerOf(db, transitTokenId),
        products: products?.kind === 'ok' ? await here(products.value.products) : null,
        events: events?.kind === 'ok' ? events.value.events : null,
        waitingBlock: blocks.waiting(transitTokenId),
      });
    },

    'cards.quote': async ({ orderId, orderLineId }) => {
      const got = await deps.desk.get(orderId);
      if (!got.ok) return got;
      const line = got.value.order.orderLines.find((l) => l.orderLineId === orderLineId);
      if (!line) return refusal('not-found', 'order.notFound');
      const quote = seasonQuote(got.value.order, line, catalog.current(), amsterdamDay(deps.now()));
      return quote.ok ? ok(quote.value) : deps.desk.refused(quote.refusal);
    },

    'cards.block': async ({ transitTokenId, reason, note }) => {
      const block = blocks.record(transitTokenId, reason, note ?? null);
      // A sale on the card made before the block goes to the central first (docs/counter.md §22.2):
      // the round that sends it sends the block after it.
      if (blocks.heldBySale(transitTokenId)) await deps.settle();
      await blocks.send(transitTokenId);
      const { stage, detail } = blocks.stageOf(block.requestId);
      if (stage === 'refused') return refusal('conflict', 'cards.refused', { detail: detail ?? '' });
      return ok({ sent: stage === 'sent', block });
    },

    'cards.unblock': async ({ transitTokenId, approval }) => {
      const approver = approved(deps.staff, approval);
      if (!approver.ok) return approver;
      const answer = await deps
        .client()
        .request('POST', tokens(transitTokenId, '/unblock'), transitTokenRecord, { requestId: deps.newId() });
      if (answer.kind !== 'ok') return notDone(answer);
      remember([answer.value]);
      return ok(answer.value);
    },

    'cards.replace': async ({ transitTokenId, passNumber, fee }) => {
      if ('waived' in fee) {
        const approver = approved(deps.staff, fee.approval);
        if (!approver.ok) return approver;
      } else if (stateOf(db, fee.orderId) !== 'synced') {
        // The central takes only a fee it has (docs/api.md §12.2): the sale goes first.
        await deps.settle();
        if (stateOf(db, fee.orderId) !== 'synced') return refusal('conflict', 'cards.feeNotSent');
      }
      // The central knows the fee's sale by its own id (electron/core/db/syncOrders.ts).
      const paid = 'waived' in fee ? { waived: fee.waived } : { orderId: getSync(db, fee.orderId)?.centralOrderId ?? fee.orderId };
      const attempt = JSON.stringify([transitTokenId, passNumber, paid]);
      const body = { requestId: replacing.requestId(transitTokenId, attempt), passNumber, tokenTypeId: 2, fee: paid };
      const answer = await deps.client().request('POST', tokens(transitTokenId, '/replacement'), replacementAnswer, body);
      if (answer.kind !== 'unknown') replacing.answered(attempt);
      if (answer.kind !== 'ok') return notDone(answer);
      remember([answer.value.old, answer.value.new]);
      return ok(answer.value);
    },
  };
}
