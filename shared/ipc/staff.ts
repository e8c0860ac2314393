import { z } from 'zod';
import { channel } from './declare';
import { newPin, staffName, type StaffRecord } from './session';

const staffId = z.string().min(1);
const none = z.object({});

const roleWords = { clerk: { en: 'clerk', nl: 'medewerker' }, manager: { en: 'manager', nl: 'manager' } } as const;

/** The staff list, kept by managers. */
export const staffChannels = {
  'staff.list': channel<StaffRecord[]>()({
    input: none,
    access: 'manager',
    kind: 'read',
    audit: { act: { en: 'Staff list', nl: 'Lijst van medewerkers' }, recorded: 'refusals' },
  }),
  'staff.add': channel<StaffRecord>()({
    input: z.object({ name: staffName, role: z.enum(['clerk', 'manager']), pin: newPin }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'New staff member', nl: 'Nieuwe medewerker' },
      words: { en: 'New staff member {name} ({role})', nl: 'Nieuwe medewerker {name} ({role})' },
      values: (input) => ({ name: { text: input.name }, role: roleWords[input.role] }),
      recorded: 'always',
    },
  }),
  'staff.setActive': channel<StaffRecord>()({
    input: z.object({ staffId, active: z.boolean() }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Staff member enabled or disabled', nl: 'Medewerker aan- of uitgezet' },
      words: { en: '{name} {state}', nl: '{name} {state}' },
      values: (input, answer) => ({
        name: { text: answer.name },
        state: input.active ? { en: 'may work again', nl: 'mag weer werken' } : { en: 'disabled', nl: 'uitgezet' },
      }),
      recorded: 'always',
    },
  }),
  'staff.resetPin': channel<StaffRecord>()({
    input: z.object({ staffId, pin: newPin }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'New PIN', nl: 'Nieuwe pincode' },
      words: { en: 'New PIN for {name}', nl: 'Nieuwe pincode voor {name}' },
      values: (_input, answer) => ({ name: { text: answer.name } }),
      recorded: 'always',
    },
  }),
} as const;
