import { z } from 'zod';
import { paymentInput, paymentStatusInput, refundInput } from '../schemas/requests';
import { uuid } from '../schemas/primitives';
import { channel } from './declare';
import { orderId, type CounterOrder } from './sale';

/** Money taken and given back on an order (docs/api.md §4, §7). */
export const paymentChannels = {
  'payments.add': channel<CounterOrder>()({ input: orderId.extend({ payment: paymentInput }), access: 'clerk', kind: 'change' }),
  'payments.setStatus': channel<CounterOrder>()({
    input: z.object({ paymentId: uuid, status: paymentStatusInput }),
    access: 'clerk',
    kind: 'change',
  }),
  /** Money given back (docs/api.md §7.1); a manager's act. */
  'payments.refund': channel<CounterOrder>()({
    input: orderId.extend({ refund: refundInput }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Refund', nl: 'Terugbetaling' },
      words: { en: 'Refund of {amount} ({method})', nl: 'Terugbetaling van {amount} ({method})' },
      values: ({ refund }) => ({ amount: { money: refund.amountDebit }, method: { method: refund.paymentMethodId } }),
      note: ({ refund }) => refund.reason,
      recorded: 'always',
    },
  }),
} as const;
