import { z } from 'zod';
import { uuid } from '../schemas/primitives';
import { channel } from './declare';

/** The customer display (docs/api.md §9.4): the clerk's screen says which sale is in progress; the display shows it. */

/** What the display shows: amounts and product names only, never personal data. Amounts in cents. */
export interface CustomerView {
  language: 'nl' | 'en';
  lines: { name: string; quantity: number; amount: number }[];
  total: number;
  /** What is still to be paid. */
  due: number;
  /** What is still to be paid in cash, rounded (docs/api.md §10.1), when rounding changes it; else null. */
  cashDue: number | null;
  /** The settled money received less what was given back. */
  paid: number;
  /** The change handed back for cash, once the cash was taken. */
  change: number | null;
}

export const displayChannels = {
  /** The sale on the clerk's screen (null: none open); the display follows it. */
  'display.show': channel<true>()({ input: z.object({ orderId: uuid.nullable() }), access: 'clerk', kind: 'change' }),
  /** What the display shows now (null: nothing). */
  'display.current': channel<CustomerView | null>()({ input: z.object({}), access: 'clerk', kind: 'read' }),
} as const;
