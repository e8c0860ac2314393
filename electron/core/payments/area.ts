import type { OrderDesk } from '../orders';
import { withDeskEffects, type AfterPayment } from './deskEffects';
import { paymentHandlers, type TerminalGuard } from './handlers';

/** Money taken and given back by hand (docs/api.md §4, §7.1): a PIN payment is the terminal's (its guard). */
export function paymentsArea({ desk, guard, afterPayment }: { desk: OrderDesk; guard: TerminalGuard; afterPayment: AfterPayment }) {
  return { handlers: withDeskEffects(paymentHandlers(desk, guard), afterPayment) };
}
