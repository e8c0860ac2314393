import { z } from 'zod';
import { refundInput } from '../schemas/requests';
import { channel } from './declare';
import { orderId, type CounterOrder } from './sale';

/**
 * Returns by line at the counter (docs/counter.md §19, docs/api.md §7.1): a manager returns chosen
 * lines or quantities, or a clerk does with a manager's PIN given at the till, recorded in the
 * audit trail as that manager's approval.
 */

/** A manager's approval given at a clerk's till: who, and their PIN. */
export const approvalInput = z.object({
  staffId: z.string().min(1).max(100),
  pin: z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits'),
});

export const returnChannels = {
  'returns.refund': channel<CounterOrder>()({
    input: orderId.extend({ refund: refundInput.required({ lines: true }), approval: approvalInput.optional() }),
    access: 'clerk',
    kind: 'change',
    audit: {
      act: { en: 'Return', nl: 'Retour' },
      words: {
        en: 'Return of {items}: {amount} back ({method}), approved by {approver}',
        nl: 'Retour van {items}: {amount} terug ({method}), goedgekeurd door {approver}',
      },
      // {items} and {approver} are the handler's to add (electron/core/returns/handlers.ts): it reads the order and the PIN.
      values: ({ refund }) => ({
        amount: { money: refund.amountDebit },
        method: { method: refund.paymentMethodId },
      }),
      note: ({ refund }) => refund.reason,
      recorded: 'always',
    },
  }),
} as const;
