import type { CounterOrder, IpcResult } from '../../../../shared/ipc';
import type { ReturnedLine } from '../../../../shared/schemas/order';
import type { PinTotals, TerminalTotals } from '../../../../shared/ipc/terminal';
import { ok, refusal } from '../../../../shared/refusals';
import { refundable } from '../../../../domain/order/money';
import type { CounterDb } from '../../db/database';
import type { OrderDesk } from '../../orders/desk';
import type { TerminalPort } from './port';
import type { TerminalStore } from './terminalStore';

/**
 * Money given back through the terminal, and the terminal's totals beside the counter's
 * (docs/api.md §9.2, docs/counter.md §15).
 */

export interface TerminalMoneyDeps {
  db: CounterDb;
  store: TerminalStore;
  port: TerminalPort | null;
  desk: OrderDesk;
  pinMethod: () => number;
}

/**
 * A refund of a PIN payment: the terminal reverses it first (ReversalRequest, ReversedAmount
 * for a part), and only then is the refund recorded. A payment confirmed by hand on a
 * stand-alone terminal is given back there too: the refund is recorded at once.
 */
export async function refundPin(
  deps: TerminalMoneyDeps,
  input: { paymentId: string; amountDebit: number; reason: string; lines?: ReturnedLine[] },
): Promise<IpcResult<CounterOrder>> {
  const { store, port, desk } = deps;
  const row = store.byPayment(input.paymentId);
  if (!row || row.stage !== 'approved') return refusal('not-found', 'terminal.notTerminal');
  // What the order could not record is never reversed first.
  const got = await desk.get(row.orderId);
  if (!got.ok) return got;
  if (input.amountDebit > row.amount || input.amountDebit > refundable(got.value.order)) return refusal('invalid', 'order.invalid');
  if (!row.manual) {
    if (!port) return refusal('conflict', 'terminal.none');
    const whole = input.amountDebit === row.amount;
    const reversed = await port.reverse(row.poiTransaction!, whole ? null : input.amountDebit);
    if (!reversed.ok) {
      return reversed.error === 'unreachable'
        ? refusal('conflict', 'terminal.unreachable')
        : refusal('conflict', 'terminal.refused', { reason: reversed.error });
    }
  }
  const reference = `${row.transactionId}-R${store.nextServiceId()}`.slice(0, 100);
  return desk.change(() =>
    desk.service.refund(
      row.orderId,
      {
        paymentMethodId: deps.pinMethod(),
        amountDebit: input.amountDebit,
        operatorPaymentReference: reference,
        reason: input.reason,
        statusCode: 'SETTLED',
        // A return by line (docs/counter.md §19) goes back through the same reversal.
        ...(input.lines && { lines: input.lines }),
      },
      desk.caller(),
    ),
  );
}

const ZERO: PinTotals = { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 };
const net = (t: PinTotals) => t.debitAmount - t.refundAmount;

/** The counter's own PIN totals of [from, to), those the terminal took apart from those confirmed by hand. */
export function counterPinTotals(deps: TerminalMoneyDeps, from: string, to: string): { counter: PinTotals; manual: PinTotals } {
  const rows = deps.db
    .prepare(
      `SELECT m.is_refund AS refund, m.amount AS amount, t.manual AS manual
       FROM money_facts m LEFT JOIN terminal_payments t ON t.payment_id = m.payment_id
       WHERE m.payment_method_id = ? AND m.state = 'SETTLED' AND m.settled_at >= ? AND m.settled_at < ?`,
    )
    .all(deps.pinMethod(), from, to) as { refund: number; amount: number; manual: number | null }[];
  const counter = { ...ZERO };
  const manual = { ...ZERO };
  for (const r of rows) {
    const into = r.manual === 1 ? manual : counter;
    if (r.refund === 1) {
      into.refundCount++;
      into.refundAmount += r.amount;
    } else {
      into.debitCount++;
      into.debitAmount += r.amount;
    }
  }
  return { counter, manual };
}

/** At X the terminal's totals (GetTotals), at Z its period closed (Reconciliation), beside the counter's. */
export async function terminalTotals(
  deps: TerminalMoneyDeps,
  range: { from: string; to: string; close: boolean },
): Promise<IpcResult<TerminalTotals>> {
  const own = counterPinTotals(deps, range.from, range.to);
  if (!deps.port) return ok({ ...own, terminal: null, difference: null, error: null });
  const answer = await deps.port.totals(range.close);
  if (!answer.ok) return ok({ ...own, terminal: null, difference: null, error: answer.error });
  return ok({ ...own, terminal: answer.value, difference: net(answer.value) - net(own.counter), error: null });
}
