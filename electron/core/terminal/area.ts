import type { StaffMember } from '../../../shared/ipc';
import type { TerminalProgress } from '../../../shared/ipc/terminal';
import type { DayReport } from '../../../shared/manager/types';
import type { Order } from '../../../shared/schemas/order';
import type { ReceiptOrder } from '../../../domain/receipts/receipt';
import type { AuditRecord } from '../audit';
import type { MachineConfig } from '../config';
import type { CounterDb } from '../db/database';
import type { DeviceRegistry } from '../devices';
import type { OrderDesk } from '../orders';
import { reconcileDay } from './dayClose';
import { terminalHandlers } from './handlers';
import { ReversalStore } from './reversalStore';
import { openTerminal, type TerminalOptions } from './setup';
import { TerminalPayments } from './terminalPayments';
import { TerminalRefunds } from './terminalRefunds';
import { TerminalStore } from './terminalStore';

/**
 * The payment terminal (docs/api.md §9.2, docs/counter.md §15): the driver the configuration
 * names, its payments, reversals and totals (tables terminal_payments, terminal_reversals,
 * terminal_reconciliations). It offers the guard the hand-entered payments respect, the
 * terminal's receipt text for the printed receipt, and the Reconciliation at a day's close.
 */
export async function terminalArea(deps: {
  db: CounterDb;
  now: () => Date;
  config: MachineConfig['terminal'];
  embeddedCentral: boolean;
  deviceId: string;
  options: TerminalOptions;
  desk: OrderDesk;
  pinMethod: () => number;
  progress: (p: TerminalProgress) => void;
  who: () => StaffMember | null;
  days: { closedToday(): string | null; isClosed(businessDate: string): boolean };
  audit: (entry: Omit<AuditRecord, 'at'>) => void;
  /** The printing area's: a settled payment or reversal prints its receipt. */
  afterPayment: (order: Order, paymentId: string) => void;
  registry: DeviceRegistry;
}) {
  const { db, now, desk, pinMethod, options } = deps;
  const store = new TerminalStore(db, now);
  const opened = await openTerminal(deps.config, deps.embeddedCentral, deps.deviceId, options, () => store.nextServiceId(), now);
  const port = opened.port;
  const payments = new TerminalPayments({
    store,
    port,
    desk,
    pinMethod,
    progress: deps.progress,
    retryMs: options.retryMs,
    heldMs: options.heldMs,
    settled: deps.afterPayment,
  });
  deps.registry.register('terminal', { state: () => port?.state() ?? 'none' });
  const money = { db, store, port, desk, pinMethod };
  const refunds = new TerminalRefunds({
    ...money,
    reversals: new ReversalStore(db, now),
    who: deps.who,
    closedToday: () => deps.days.closedToday(),
    audit: deps.audit,
    settled: deps.afterPayment,
    retryMs: options.retryMs,
    heldMs: options.heldMs,
  });
  return {
    payments,
    refunds,
    handlers: terminalHandlers({ payments, refunds, money, brand: opened.brand }, now, (businessDate) => deps.days.isClosed(businessDate)),
    guard: {
      owns: (paymentId: string) => store.byPayment(paymentId) !== null,
      takesPin: (m: number) => port !== null && m === pinMethod(),
    },
    /** The terminal's receipt lines beside its payments (the printed receipt: docs/api.md §9.3). */
    withReceipts: (order: Order): ReceiptOrder => store.withReceipts(order),
    /** The Z with the terminal's period closed (docs/api.md §9.2). */
    atDayClose: async (report: DayReport): Promise<DayReport> => ({ ...report, terminal: await reconcileDay(money, report, now) }),
    /** A payment or reversal whose answer never came before the last close is asked about again. */
    resume() {
      payments.resume();
      refunds.resume();
    },
    async close() {
      await payments.close();
      await refunds.close();
      await opened.close();
    },
  };
}
