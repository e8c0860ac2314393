import type { CounterOrder, HandlersOf, IpcResult } from '../../../shared/ipc';
import type { returnChannels } from '../../../shared/ipc/returns';
import { returnedItems } from '../../../domain/order/returns';
import { refusal } from '../../../shared/refusals';
import { paymentState } from '../../../domain/order/money';
import type { Order } from '../../../shared/schemas/order';
import { actIsOrderWrite, addActValues } from '../audit';
import type { OrderDesk } from '../orders';
import { approverOf, type Staff } from '../staff';
import type { TerminalRefunds } from '../terminal';
import type { TerminalGuard } from '../payments';

export interface ReturnDeps {
  desk: OrderDesk;
  staff: Staff;
  guard: TerminalGuard;
  /** A PIN payment given back through the terminal's reversal (terminalRefunds.ts). */
  refunds: Pick<TerminalRefunds, 'refund'>;
  /** What a refund made at the counter sets off (the receipt printer, the drawer). */
  afterRefund: (order: Order, paymentId: string) => void;
}

/** The order's last settled payment by the PIN method: the one the terminal reverses. */
const lastPin = (order: Order, methodId: number) =>
  order.payments.filter((p) => !p.isRefund && paymentState(p) === 'SETTLED' && p.paymentMethod.paymentMethodId === methodId).at(-1);

/**
 * Returns by line (docs/api.md §7.1, docs/counter.md §19): the approval first, then the money
 * back as any refund goes: by PIN through the terminal's reversal (terminalRefunds.ts), else
 * recorded at once with its audit row in the order's write. The approver's name goes in the
 * audit row.
 */
export function returnHandlers(deps: ReturnDeps): HandlersOf<typeof returnChannels> {
  const { desk } = deps;
  return {
    'returns.refund': async ({ orderId, refund, approval }) => {
      const approver = approverOf(deps.staff, approval);
      if (!approver.ok) return approver;
      const got = await desk.get(orderId);
      if (!got.ok) return got;
      addActValues({ items: { text: returnedItems(refund.lines, got.value.order.orderLines) }, approver: { text: approver.value.name } });
      let answer: IpcResult<CounterOrder>;
      if (deps.guard.takesPin(refund.paymentMethodId)) {
        const pin = lastPin(got.value.order, refund.paymentMethodId);
        if (!pin) return refusal('not-found', 'terminal.notTerminal');
        answer = await deps.refunds.refund({
          paymentId: pin.paymentId,
          amountDebit: refund.amountDebit,
          reason: refund.reason,
          lines: refund.lines,
        });
      } else {
        actIsOrderWrite();
        answer = await desk.change(() => desk.service.refund(orderId, refund, desk.caller()));
      }
      const made = answer.ok ? answer.value.order.payments.filter((p) => p.isRefund).at(-1) : undefined;
      if (answer.ok && made) deps.afterRefund(answer.value.order, made.paymentId);
      return answer;
    },
  };
}
