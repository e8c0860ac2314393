import type { HandlersOf } from '../../../shared/ipc';
import type { TerminalBrand, terminalChannels } from '../../../shared/ipc/terminal';
import { ok, refusal } from '../../../shared/refusals';
import { keepDayTerminalTotals } from './dayClose';
import { terminalTotals, type TerminalMoneyDeps } from './terminalMoney';
import type { TerminalPayments } from './terminalPayments';
import type { TerminalRefunds } from './terminalRefunds';

/** The terminal's channels (docs/api.md §9.2): the work is in terminalPayments.ts and terminalMoney.ts. */
export function terminalHandlers(
  {
    payments,
    refunds,
    money,
    brand,
  }: { payments: TerminalPayments; refunds: TerminalRefunds; money: TerminalMoneyDeps; brand: TerminalBrand | null },
  now: () => Date,
  /** Whether a business day is closed: the manager's area keeps the days (manager/days.ts). */
  dayIsClosed: (businessDate: string) => boolean,
): HandlersOf<typeof terminalChannels> {
  return {
    'terminal.setup': async () => ok({ kind: brand ?? 'none' }),
    'terminal.pay': ({ orderId }) => payments.pay(orderId),
    'terminal.stop': ({ paymentId }) => payments.stop(paymentId),
    'terminal.payment': async ({ paymentId }) => ok(payments.payment(paymentId)),
    'terminal.confirmManual': ({ paymentId }) => payments.confirmManual(paymentId),
    'terminal.refund': (input) => refunds.refund(input),
    'terminal.totals': async ({ businessDate, ...range }) => {
      const answer = await terminalTotals(money, range);
      if (answer.ok && range.close && businessDate && dayIsClosed(businessDate)) {
        keepDayTerminalTotals(money.db, businessDate, answer.value, now().toISOString());
      }
      return answer;
    },
    'terminal.test': async () => {
      if (!money.port) return refusal('conflict', 'terminal.none');
      const answer = await money.port.totals(false);
      if (answer.kind === 'ok') return ok({ reachable: true, error: null });
      return ok(answer.kind === 'refused' ? { reachable: true, error: answer.error } : { reachable: false, error: 'unreachable' as const });
    },
  };
}
