import { randomUUID } from 'node:crypto';
import type { Order } from '../shared/schemas/order';
import type {
  AddOrderLineInput,
  CreateOrderInput,
  CustomerInput,
  OrderListQuery,
  PatchOrderInput,
  PatchOrderLineInput,
  PaymentInput,
  PaymentStatusInput,
  RefundInput,
} from '../shared/schemas/requests';
import type { Catalog } from './catalog';
import type { OpContext } from './order/context';
import * as ops from './order/operations';
import { addPayment, addRefund, changePaymentStatus } from './order/payments';
import { present } from './order/present';
import { answersOf } from './store/joined';
import type { OrderRecord } from './order/record';
import { CENTRAL_NUMBERING, type OrderNumbering } from './order/numbering';
import { notFound, ok, refuse, type Result } from './result';
import type { DeletedOrderQuery } from '../shared/schemas/deleted';
import type { DeletedPage, OrderFilter, OrderStore, PageAfter } from './store/types';

const recordOf = (made: Result<{ record: OrderRecord }>): Result<OrderRecord> => (made.ok ? ok(made.value.record) : made);

/** Who asks: the sales channel's touchpoint and, for a web shop, the logged-in customer. */
export interface Caller {
  touchpointId: number;
  /** From a customer JWT: the caller sees only this customer's orders. */
  customerProfileId: number | null;
  /** A payment provider's callback (scope `payments:status`): reports payment outcomes of any touchpoint. */
  reportsPayments?: boolean;
  /** The token's `sub` claim: who made a refund (docs/api.md §7.1); none at the counter itself. */
  sub?: string | null;
}

/** Who may change an order (docs/api.md §7.3): only the touchpoint that owns it. */
export const owns = (caller: Caller, record: Pick<OrderRecord, 'touchpointId'>) => record.touchpointId === caller.touchpointId;

export interface ServiceOptions {
  store: OrderStore;
  catalog: () => Catalog;
  clock?: () => Date;
  newId?: () => string;
  orderNumbering?: OrderNumbering;
}

type Change = (record: OrderRecord, ctx: OpContext) => Result<OrderRecord>;

/** A whole offline sale's requests (docs/api.md §4): the create, its payments in order, and whether it was delivered. */
export interface SaleSteps {
  order: CreateOrderInput;
  payments: PaymentInput[];
  deliver: boolean;
}

const MAX_RETRIES = 5;

/**
 * The order operations over a store: what the central's HTTP routes and the counter's IPC
 * handlers both call. It loads an order, lets a pure operation make the next version, and
 * writes it if nobody wrote in between (else tries again).
 */
export class OrderService {
  private readonly store: OrderStore;
  readonly catalog: () => Catalog;
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly orderNumbering: OrderNumbering;

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.catalog = options.catalog;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
    this.orderNumbering = options.orderNumbering ?? CENTRAL_NUMBERING;
  }

  private context(caller?: Caller): OpContext {
    return {
      catalog: this.catalog(),
      now: this.clock(),
      newId: this.newId,
      customerProfileId: caller?.customerProfileId ?? null,
      sub: caller?.sub ?? null,
    };
  }

  private visible(record: OrderRecord | undefined, caller: Caller): record is OrderRecord {
    return !!record && (caller.customerProfileId === null || record.order.customerProfileId === caller.customerProfileId);
  }

  private answer(record: OrderRecord, caller: Caller): Order {
    return present(record.order, this.catalog(), caller.customerProfileId);
  }

  /** POST /orders: a sale of its create alone (sale). */
  create(input: CreateOrderInput, caller: Caller): Promise<Result<Order>> {
    return this.sale({ order: input, payments: [], deliver: false }, caller);
  }

  /**
   * A whole offline sale (docs/api.md §4): its create, payments and delivery, each by the rule
   * its own request follows, applied one after another to the order in hand and written once,
   * as the row those requests one by one would leave (its version counts every step). The
   * first refusal ends the sale and is its answer; the steps before it are written, as they
   * would stay after the same requests one by one. The order is the caller's own, just made:
   * the access each later request would check (visible, owned) holds by construction.
   */
  async sale(input: SaleSteps, caller: Caller): Promise<Result<Order>> {
    const ctx = this.context(caller);
    if (input.order.externalOrderId) {
      const existing = await this.store.findByExternalId(caller.touchpointId, input.order.externalOrderId);
      if (existing) return this.duplicate(existing, caller);
    }
    const touchPoint = ctx.catalog.touchpoints.get(caller.touchpointId);
    if (!touchPoint) return refuse({ kind: 'forbidden', detail: `Touchpoint ${caller.touchpointId} is unknown.` });
    const made = ops.createOrder(input.order, { touchPoint, customerProfileId: caller.customerProfileId, orderNumber: '' }, ctx);
    if (!made.ok) return made;
    const steps: Change[] = [
      ...input.payments.map(
        (payment): Change =>
          (r, c) =>
            recordOf(addPayment(r, payment, c)),
      ),
      ...(input.deliver ? [(r: OrderRecord, c: OpContext) => ops.deliver(r, c)] : []),
    ];
    let record = made.value;
    let refused: Result<never> | null = null;
    for (const step of steps) {
      const next = step(record, this.context(caller));
      if (!next.ok) {
        refused = next;
        break;
      }
      record = { ...next.value, version: record.version + 1 };
    }
    const outcome = await this.store.insert(record, this.orderNumbering);
    if ('duplicateOf' in outcome) return this.duplicate(outcome.duplicateOf, caller);
    return refused ?? ok(this.answer(outcome.inserted, caller));
  }

  /** The 409 names the existing order only to a caller who may read it (docs/api.md §7.4). */
  private async duplicate(orderId: string, caller: Caller): Promise<Result<never>> {
    const readable = this.visible(await this.store.get(orderId), caller);
    return refuse({
      kind: 'conflict',
      detail: 'An order with this externalOrderId already exists for this touchpoint.',
      errors: [{ detail: 'the externalOrderId is already used', pointer: '/externalOrderId', ...(readable ? { orderId } : {}) }],
    });
  }

  async get(orderId: string, caller: Caller): Promise<Result<Order>> {
    const record = await this.store.get(orderId);
    return this.visible(record, caller) ? ok(this.answer(record, caller)) : notFound(`there is no order ${orderId}`);
  }

  /** An order the caller may see (else 404) and change (else 403). */
  private async writable(orderId: string, caller: Caller, foreignAllowed = false): Promise<Result<OrderRecord>> {
    const record = await this.store.get(orderId);
    if (!this.visible(record, caller)) return notFound(`there is no order ${orderId}`);
    if (!owns(caller, record) && !foreignAllowed) {
      return refuse({
        kind: 'forbidden',
        detail: `The order belongs to touchpoint ${record.touchpointId}; only that touchpoint may change it.`,
      });
    }
    return ok(record);
  }

  /** Load, change, write-if-unchanged; a lost race is tried again with the newer version. */
  private async change(orderId: string, caller: Caller, change: Change, foreignAllowed = false): Promise<Result<Order>> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const found = await this.writable(orderId, caller, foreignAllowed);
      if (!found.ok) return found;
      const record = found.value;
      const next = change(record, this.context(caller));
      if (!next.ok) return next;
      const written = { ...next.value, version: record.version + 1 };
      const stored = await this.store.update(written, record.version);
      if (stored) return ok(this.answer(stored, caller));
    }
    return refuse({ kind: 'conflict', detail: 'The order kept changing while this change was made; try again.', errors: [] });
  }

  private async changePart(kind: 'line' | 'payment', partId: string, caller: Caller, change: Change) {
    const orderId = await this.store.orderIdOfPart(kind, partId);
    if (!orderId) return notFound(`there is no ${kind === 'line' ? 'order line' : 'payment'} ${partId}`);
    const result = await this.change(orderId, caller, change, kind === 'payment' && caller.reportsPayments === true);
    // An order of another customer hides its parts too.
    if (!result.ok && result.refusal.kind === 'not-found')
      return notFound(`there is no ${kind === 'line' ? 'order line' : 'payment'} ${partId}`);
    return result;
  }

  patch = (orderId: string, input: PatchOrderInput, caller: Caller) =>
    this.change(orderId, caller, (r, ctx) => ops.patchOrder(r, input, ctx));
  addLine = (orderId: string, input: AddOrderLineInput, caller: Caller) =>
    this.change(orderId, caller, (r, ctx) => ops.addLine(r, input, ctx));
  patchLine = (orderLineId: string, input: PatchOrderLineInput, caller: Caller) =>
    this.changePart('line', orderLineId, caller, (r, ctx) => ops.patchLine(r, orderLineId, input, ctx));
  removeLine = (orderLineId: string, caller: Caller) =>
    this.changePart('line', orderLineId, caller, (r, ctx) => ops.removeLine(r, orderLineId, ctx));
  setCustomer = (orderId: string, input: CustomerInput, caller: Caller) =>
    this.change(orderId, caller, (r, ctx) => ops.setCustomer(r, input, ctx));
  addPayment = (orderId: string, input: PaymentInput, caller: Caller) =>
    this.change(orderId, caller, (r, ctx) => recordOf(addPayment(r, input, ctx)));
  refund = (orderId: string, input: RefundInput, caller: Caller) =>
    this.change(orderId, caller, (r, ctx) => recordOf(addRefund(r, input, ctx)));
  paymentStatus = (paymentId: string, input: PaymentStatusInput, caller: Caller) =>
    this.changePart('payment', paymentId, caller, (r, ctx) => changePaymentStatus(r, paymentId, input, ctx));
  deliver = (orderId: string, caller: Caller) => this.change(orderId, caller, (r, ctx) => ops.deliver(r, ctx));
  cancel = (orderId: string, caller: Caller) => this.change(orderId, caller, (r, ctx) => ops.cancel(r, ctx));

  async remove(orderId: string, caller: Caller): Promise<Result<true>> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const found = await this.writable(orderId, caller);
      if (!found.ok) return found;
      const record = found.value;
      const allowed = ops.checkDeletable(record);
      if (!allowed.ok) return allowed;
      if (await this.store.remove(orderId, record.version)) return ok(true);
    }
    return refuse({ kind: 'conflict', detail: 'The order kept changing while it was being deleted; try again.', errors: [] });
  }

  /**
   * A page of GET /orders: where the next page starts, and its orders' answers as JSON texts
   * joined by commas, as the chunks of UTF-8 of the body, between the envelope's text before
   * and after them (answersOf).
   */
  async list(
    query: OrderListQuery,
    caller: Caller,
    after: PageAfter | null,
  ): Promise<{ next: PageAfter | null; body: (head: Buffer, tail: Buffer) => Buffer[] }> {
    const { limit = 100, cursor: _cursor, xTat, ...filters } = query;
    const filter: OrderFilter = { ...filters };
    if (caller.customerProfileId !== null) filter.customerProfileId = caller.customerProfileId;
    if (xTat !== undefined) {
      const wanted = xTat.toLowerCase();
      filter.transitTokenIds = this.catalog()
        .data.transitTokens.filter((t) => t.xTat.toLowerCase() === wanted)
        .map((t) => t.transitTokenId);
    }
    const page = await this.store.listJoined(filter, limit, after);
    const catalog = this.catalog();
    return { next: page.next, body: (head, tail) => answersOf(page, catalog, caller.customerProfileId, head, tail) };
  }

  /** A page of GET /deletedorders; a customer sees the deletions of their own orders only. */
  deleted(query: DeletedOrderQuery, caller: Caller, after: PageAfter | null): Promise<DeletedPage> {
    const { limit = 100, cursor: _cursor, ...filter } = query;
    return this.store.listDeleted(
      caller.customerProfileId === null ? filter : { ...filter, customerProfileId: caller.customerProfileId },
      limit,
      after,
    );
  }
}
