import type { CounterOrder, IpcResult, StaffMember } from '../../../shared/ipc';
import type { AuditFacts } from '../../../shared/manager/types';
import type { ReturnedLine } from '../../../shared/schemas/order';
import { refusal } from '../../../shared/refusals';
import { refundable } from '../../../domain/order/money';
import { actIsOrderWrite, runAct } from '../audit';
import { Background } from './background';
import type { ReversalOutcome } from './port';
import type { ReversalRow, ReversalStore } from './reversalStore';
import type { TerminalMoneyDeps } from './terminalMoney';
import { dayClosed, HELD_MS, RETRY_MS } from './terminalPayments';

/**
 * A refund of a PIN payment (docs/api.md §7.1, §9.2, docs/counter.md §15): the terminal
 * reverses it first (ReversalRequest, ReversedAmount for a part), and only then is the refund
 * recorded. The reversal is kept before it is sent, with the reference of the one refund it
 * records, so a reversal whose answer was lost, or that the terminal accepted just before the
 * counter was killed, is asked about (TransactionStatusRequest) and recorded exactly once, also
 * after a restart. A payment confirmed by hand on a stand-alone terminal is given back there:
 * its refund is recorded at once.
 */

export interface TerminalRefundsDeps extends TerminalMoneyDeps {
  reversals: ReversalStore;
  /** The manager asking; kept with the reversal, so a refund recorded after a restart is theirs. */
  who: () => StaffMember | null;
  /** The business day, when it is closed: no reversal is sent into a day that cannot record it. */
  closedToday: () => string | null;
  /** Writes the audit row of a refund recorded without its manager's call (after a restart). */
  audit: (entry: { who: StaffMember | null; action: string; orderId: string | null; outcome: 'done'; detail: AuditFacts | null }) => void;
  /** A refund was recorded: its receipt prints (docs/api.md §9.3). */
  settled?: (order: CounterOrder['order'], paymentId: string) => void;
  retryMs?: number;
  heldMs?: number;
}

/** `lines`: a return by line (docs/counter.md §19) goes back through the same reversal. */
export type RefundInput = { paymentId: string; amountDebit: number; reason: string; lines?: ReturnedLine[] };

export class TerminalRefunds {
  private readonly background = new Background();

  constructor(private readonly deps: TerminalRefundsDeps) {}

  /** Asks about every reversal not concluded before the last close, and records those the terminal did. */
  resume(): void {
    if (!this.deps.port) return;
    for (const row of this.deps.reversals.open()) this.background.track(this.inquire(row));
  }

  close(): Promise<void> {
    return this.background.close();
  }

  async refund(input: RefundInput): Promise<IpcResult<CounterOrder>> {
    const { store, reversals, port, desk } = this.deps;
    const row = store.byPayment(input.paymentId);
    if (!row || row.stage !== 'approved') return refusal('not-found', 'terminal.notTerminal');
    // What the order could not record is never reversed first.
    const got = await desk.get(row.orderId);
    if (!got.ok) return got;
    if (input.amountDebit > row.amount || input.amountDebit > refundable(got.value.order)) return refusal('invalid', 'order.invalid');
    const closed = this.deps.closedToday();
    if (closed !== null) return refusal('conflict', 'day.closed', { businessDate: closed });
    if (reversals.openFor(row.paymentId!)) return refusal('conflict', 'terminal.reversalOpen');
    const serviceId = store.nextServiceId();
    const reversal: ReversalRow = {
      serviceId,
      paymentId: row.paymentId!,
      orderId: row.orderId,
      amount: input.amountDebit,
      whole: input.amountDebit === row.amount,
      reason: input.reason,
      lines: input.lines ?? null,
      reference: `${row.transactionId}-R${serviceId}`.slice(0, 100),
      staff: this.deps.who(),
      stage: 'sent',
      error: null,
    };
    // The refund, its audit row and its journal row commit in the order's write (audit/acts.ts).
    actIsOrderWrite();
    if (row.manual) return this.record(reversal);
    if (!port) return refusal('conflict', 'terminal.none');
    // Kept before it is sent: a counter killed from here on asks about it after the restart.
    reversals.insert(reversal);
    let outcome: ReversalOutcome = await port.reverse(serviceId, row.transaction!, reversal.whole ? null : reversal.amount);
    const answered = outcome.kind !== 'unknown';
    if (!answered) outcome = await port.reversalStatus(serviceId);
    if (outcome.kind === 'unknown') {
      this.background.track(this.inquire(reversal));
      return refusal('conflict', 'terminal.reversalUnknown');
    }
    if (outcome.kind === 'refused') {
      reversals.conclude(serviceId, 'refused', outcome.error);
      // Not found after no answer: the terminal never had the request.
      if (!answered && outcome.error === 'NotFound') return refusal('conflict', 'terminal.unreachable');
      return refusal('conflict', 'terminal.refused', { reason: outcome.error });
    }
    const recorded = await this.record(reversal);
    if (!recorded.ok) this.background.track(this.inquire(reversal));
    return recorded;
  }

  /** Records the reversal's refund, once: a refund already there with its reference (killed between two commits) only closes it. */
  private async record(reversal: ReversalRow): Promise<IpcResult<CounterOrder>> {
    const { desk, reversals } = this.deps;
    const got = await desk.get(reversal.orderId);
    if (!got.ok) return got;
    const there = got.value.order.payments.some((p) => p.isRefund && p.operatorPaymentReference === reversal.reference);
    const made = there
      ? got
      : await desk.change(() =>
          desk.service.refund(
            reversal.orderId,
            {
              paymentMethodId: this.deps.pinMethod(),
              amountDebit: reversal.amount,
              operatorPaymentReference: reversal.reference,
              reason: reversal.reason,
              statusCode: 'SETTLED',
              ...(reversal.lines && { lines: reversal.lines }),
            },
            desk.caller(),
          ),
        );
    if (!made.ok) return made;
    reversals.conclude(reversal.serviceId, 'reversed');
    const refund = made.value.order.payments.find((p) => p.isRefund && p.operatorPaymentReference === reversal.reference);
    if (!there && refund) this.deps.settled?.(made.value.order, refund.paymentId);
    return made;
  }

  /** After its manager's call: recorded in an act of its own, so its audit row names who asked, as the call would have. */
  private recordResumed(reversal: ReversalRow): Promise<IpcResult<CounterOrder>> {
    const who: StaffMember | null = reversal.staff && { ...reversal.staff, role: 'manager' };
    const act = {
      channel: 'terminal.refund',
      recorded: false,
      withOrderWrite: true,
      write: () =>
        this.deps.audit({
          who,
          action: 'terminal.refund',
          orderId: reversal.orderId,
          outcome: 'done',
          // As the channel's declaration words it (shared/ipc/terminal.ts): the amount, and the reason as its note.
          detail: { values: { amount: { money: reversal.amount } }, note: reversal.reason },
        }),
    };
    return runAct(act, () => this.record(reversal));
  }

  /** Asks the terminal until it tells what became of the reversal; records the refund if it was done. */
  private async inquire(reversal: ReversalRow): Promise<void> {
    const { port, reversals } = this.deps;
    for (;;) {
      if (this.background.closed) return;
      const outcome = await port!.reversalStatus(reversal.serviceId);
      if (outcome.kind === 'unknown') {
        await this.background.pause(this.deps.retryMs ?? RETRY_MS);
        continue;
      }
      if (outcome.kind === 'refused') {
        reversals.conclude(reversal.serviceId, 'refused', outcome.error);
        return;
      }
      const recorded = await this.recordResumed(reversal);
      if (recorded.ok) return;
      // The money went back: the refund must be recorded, on the next open day if this one is closed.
      if (!dayClosed(recorded)) console.error(`terminal: a reversal's refund was refused (${recorded.error.code}); asked again`);
      await this.background.pause(this.deps.heldMs ?? HELD_MS);
    }
  }
}
