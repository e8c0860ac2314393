import { cashTotal } from '../manager/schemas';
import { cashMoveInput, noSaleInput, sessionCloseInput, sessionOpenInput } from '../manager/cash';
import type { BusinessDay, CashMovement, DrawerView, OpenSession, SessionFigures } from '../manager/cash';
import { z } from 'zod';
import { channel, type Words } from './declare';

/** The drawer: sessions with a counted float and a blind count, paid in, paid out, safe drop, no sale (docs/api.md §10.2). */

const KIND_WORDS: Record<'paidIn' | 'paidOut' | 'drop', Words> = {
  paidIn: { en: 'Paid in', nl: 'Gestort in de kassa' },
  paidOut: { en: 'Paid out', nl: 'Uitbetaald uit de kassa' },
  drop: { en: 'Safe drop', nl: 'Afgeroomd naar de kluis' },
};

export const cashChannels = {
  /** The business day sales go into, and whether it is closed: the clerk's start screen says so before any sale. */
  'cash.today': channel<BusinessDay>()({ input: z.object({}), access: 'clerk', kind: 'read' }),
  'cash.drawer': channel<DrawerView>()({
    input: z.object({}),
    access: 'manager',
    kind: 'read',
    audit: { act: { en: 'Drawer', nl: 'Kassalade' }, recorded: 'refusals' },
  }),
  'cash.openSession': channel<OpenSession>()({
    input: sessionOpenInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Drawer session opened', nl: 'Kassadienst geopend' },
      words: { en: 'Drawer session opened with a float of {float}', nl: 'Kassadienst geopend met {float} wisselgeld' },
      values: ({ float }) => ({ float: { money: cashTotal(float) } }),
      recorded: 'always',
    },
  }),
  'cash.closeSession': channel<SessionFigures>()({
    input: sessionCloseInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Drawer session closed', nl: 'Kassadienst afgesloten' },
      words: { en: 'Drawer session closed, {counted} counted', nl: 'Kassadienst afgesloten, {counted} geteld' },
      values: ({ counted }) => ({ counted: { money: cashTotal(counted) } }),
      note: ({ note }) => note || null,
      recorded: 'always',
    },
  }),
  'cash.move': channel<CashMovement>()({
    input: cashMoveInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Cash moved', nl: 'Kasbeweging' },
      words: { en: '{kind}: {amount}', nl: '{kind}: {amount}' },
      values: ({ kind, amount }) => ({ kind: KIND_WORDS[kind], amount: { money: amount } }),
      note: ({ reason }) => reason,
      recorded: 'always',
    },
  }),
  'cash.noSale': channel<CashMovement>()({
    input: noSaleInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Drawer opened without a sale', nl: 'Kassalade geopend zonder verkoop' },
      words: { en: 'Drawer opened without a sale', nl: 'Kassalade geopend zonder verkoop' },
      note: ({ reason }) => reason,
      recorded: 'always',
    },
  }),
} as const;
