import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import type { TerminalPayment, TerminalProgress, TerminalStage } from '../../../shared/ipc/terminal';
import { ok, refusal } from '../../../shared/refusals';
import type { Order } from '../../../shared/schemas/order';
import { outstanding, paymentState } from '../../../domain/order/money';
import type { OrderDesk } from '../orders';
import type { PaymentOutcome, TerminalPort } from './port';
import { Background } from './background';
import { OPEN_STAGES, type TerminalRow, type TerminalStore } from './terminalStore';

/**
 * PIN payments through the terminal (docs/api.md §9.2, docs/counter.md §15). A payment is
 * PENDING from the PaymentRequest on, SETTLED only on the terminal's approval and FAILED only
 * on its refusal. An answer that does not come makes the outcome unknown: then the terminal
 * is asked (TransactionStatusRequest) until it tells, also after a restart; never a second
 * PaymentRequest, never a guess. Without a terminal (`port` null) the clerk confirms what the
 * stand-alone terminal showed, recorded as manual.
 */

export interface TerminalPaymentsDeps {
  store: TerminalStore;
  port: TerminalPort | null;
  desk: OrderDesk;
  /** The catalogue's PIN method. */
  pinMethod: () => number;
  progress: (p: TerminalProgress) => void;
  /** Between two questions about an unknown outcome (ms). */
  retryMs?: number;
  /** Between two tries to record an outcome the closed day refused (ms; 60 s). */
  heldMs?: number;
  /** A payment the terminal approved is recorded: its receipt prints (docs/api.md §9.3). */
  settled?: (order: CounterOrder['order'], paymentId: string) => void;
}

export const RETRY_MS = 3_000;
export const HELD_MS = 60_000;

/** The terminal's word came while the business day is closed: it is recorded on the next open day. */
export const dayClosed = (result: IpcResult<unknown>) => !result.ok && result.error.code === 'day.closed';

export class TerminalPayments {
  private readonly background = new Background();

  constructor(private readonly deps: TerminalPaymentsDeps) {}

  /** Resumes every exchange whose outcome is still to learn (a counter restarted while one was unknown). */
  resume(): void {
    if (!this.deps.port) return;
    for (const row of this.deps.store.open()) if (!row.manual) this.track(this.inquireAndConclude(row));
  }

  close(): Promise<void> {
    return this.background.close();
  }

  view(row: TerminalRow): TerminalPayment {
    return { paymentId: row.paymentId!, stage: row.stage, error: row.error, receipt: row.receipt, manual: row.manual };
  }

  payment(paymentId: string): TerminalPayment | null {
    const row = this.deps.store.byPayment(paymentId);
    return row ? this.view(row) : null;
  }

  async pay(orderId: string): Promise<IpcResult<CounterOrder>> {
    const { store, desk, port } = this.deps;
    const got = await desk.get(orderId);
    if (!got.ok) return got;
    const order = got.value.order;
    if (store.open().some((r) => r.orderId === orderId)) return refusal('conflict', 'terminal.busy');
    const due = outstanding(order);
    if (due <= 0) return refusal('conflict', 'terminal.nothingDue');
    const serviceId = store.nextServiceId();
    const transactionId = `${order.orderNumber}-PIN-${serviceId}`.slice(0, 100);
    // Kept before anything is sent: a counter killed from here on asks about it after the restart.
    store.insert({ serviceId, orderId, transactionId, amount: due, stage: 'card', manual: port === null });
    const added = await desk.change(() =>
      desk.service.addPayment(
        orderId,
        { paymentMethodId: this.deps.pinMethod(), amountDebit: due, operatorPaymentReference: transactionId, statusCode: 'PENDING' },
        desk.caller(),
      ),
    );
    if (!added.ok) {
      store.update(serviceId, { stage: 'declined' });
      return added;
    }
    const paymentId = paymentOf(added.value.order, transactionId)!.paymentId;
    store.update(serviceId, { paymentId });
    this.tell(store.byService(serviceId)!);
    if (port) this.track(this.run(serviceId));
    return added;
  }

  /** The clerk stops a waiting payment: an AbortRequest; FAILED only once the terminal says it was not approved. */
  async stop(paymentId: string): Promise<IpcResult<TerminalPayment>> {
    const { store, port } = this.deps;
    const row = store.byPayment(paymentId);
    if (!row) return refusal('not-found', 'terminal.notTerminal');
    if (!OPEN_STAGES.includes(row.stage)) return ok(this.view(row));
    if (!port) {
      // A stand-alone terminal: the clerk's word is all there is.
      await this.conclude(row, { kind: 'refused', error: 'Cancel' });
      return ok(this.view(store.byService(row.serviceId)!));
    }
    store.update(row.serviceId, { stage: 'stopping', stopped: true });
    this.tell(store.byService(row.serviceId)!);
    await port.abort(row.serviceId);
    return ok(this.view(store.byService(row.serviceId)!));
  }

  /** No terminal: the clerk confirms the stand-alone terminal approved it (manual; the dispatch audits who). */
  async confirmManual(paymentId: string): Promise<IpcResult<CounterOrder>> {
    const row = this.deps.store.byPayment(paymentId);
    if (!row) return refusal('not-found', 'terminal.notTerminal');
    if (!row.manual || this.deps.port) return refusal('conflict', 'terminal.notManual');
    if (!OPEN_STAGES.includes(row.stage)) return this.deps.desk.get(row.orderId);
    return this.conclude(row, { kind: 'ok', value: { transaction: { reference: 'MANUAL', at: '' }, receipt: [] } });
  }

  private track(work: Promise<void>): void {
    this.background.track(work);
  }

  private tell(row: TerminalRow): void {
    if (row.paymentId) this.deps.progress({ orderId: row.orderId, paymentId: row.paymentId, stage: row.stage, error: row.error });
  }

  private async run(serviceId: string): Promise<void> {
    const row = this.deps.store.byService(serviceId)!;
    const outcome = await this.deps.port!.pay(row.serviceId, row.transactionId, row.amount);
    // An answer the closed day refused is asked again, like one that did not come.
    if (outcome.kind !== 'unknown' && !dayClosed(await this.conclude(row, outcome))) return;
    await this.inquireAndConclude(this.deps.store.byService(serviceId)!);
  }

  private async inquireAndConclude(row: TerminalRow): Promise<void> {
    const { store, desk, port } = this.deps;
    if (!row.paymentId) {
      // Killed between keeping the request and adding its payment: find the payment by its reference.
      const got = await desk.get(row.orderId);
      const found = got.ok ? paymentOf(got.value.order, row.transactionId) : undefined;
      if (!found) {
        // The payment was never added, so no PaymentRequest was sent.
        store.update(row.serviceId, { stage: 'declined' });
        return;
      }
      store.update(row.serviceId, { paymentId: found.paymentId });
    }
    if (row.stage === 'card') store.update(row.serviceId, { stage: 'unknown' });
    const current = store.byService(row.serviceId)!;
    this.tell(current);
    for (;;) {
      if (this.background.closed) return;
      const outcome = await port!.status(row.serviceId);
      if (outcome.kind === 'unknown') {
        await this.background.pause(this.deps.retryMs ?? RETRY_MS);
        continue;
      }
      if (!dayClosed(await this.conclude(current, outcome))) return;
      // The day was closed (its Z made) while the terminal had the card: the exchange stays open,
      // and the terminal is asked again until a business day is open to record it in
      // (docs/counter.md §15); the money counts in that day.
      await this.background.pause(this.deps.heldMs ?? HELD_MS);
    }
  }

  /**
   * Records the terminal's word on the payment, once: a payment already at that status (a
   * counter killed between the two commits) only has its exchange closed.
   */
  private async conclude(row: TerminalRow, outcome: Exclude<PaymentOutcome, { kind: 'unknown' }>): Promise<IpcResult<CounterOrder>> {
    const { store, desk } = this.deps;
    const paymentId = row.paymentId ?? store.byService(row.serviceId)!.paymentId!;
    const approved = outcome.kind === 'ok' ? outcome.value : null;
    const error = outcome.kind === 'refused' ? outcome.error : null;
    const target = approved ? 'SETTLED' : 'FAILED';
    const got = await desk.get(row.orderId);
    const payment = got.ok ? got.value.order.payments.find((p) => p.paymentId === paymentId) : undefined;
    let result: IpcResult<CounterOrder> | null = got.ok && payment && paymentState(payment) === target ? got : null;
    if (!result) {
      const status = approved
        ? {
            statusCode: 'SETTLED' as const,
            statusSubCode: row.manual ? 'MANUAL' : approved.transaction.reference,
            statusDescription: row.manual ? 'approved on the stand-alone terminal' : 'approved by the terminal',
          }
        : { statusCode: 'FAILED' as const, statusSubCode: error, statusDescription: `declined by the terminal: ${error}` };
      // On a closed day the write is refused and the exchange stays open: the terminal's word is
      // recorded on the next open day, the day the money counts in (docs/counter.md §15, §17).
      result = await desk.change(() => desk.service.paymentStatus(paymentId, status, desk.caller()));
    }
    if (!result.ok) return result;
    const stage: TerminalStage = approved ? 'approved' : 'declined';
    store.update(row.serviceId, {
      stage,
      error: approved ? null : error,
      transaction: approved && !row.manual ? approved.transaction : null,
      receipt: approved ? approved.receipt : [],
    });
    this.tell(store.byService(row.serviceId)!);
    if (approved) this.deps.settled?.(result.value.order, paymentId);
    return result;
  }
}

const paymentOf = (order: Order, reference: string) => order.payments.find((p) => p.operatorPaymentReference === reference && !p.isRefund);
