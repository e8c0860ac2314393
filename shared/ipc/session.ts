import { z } from 'zod';
import { channel } from './declare';

/** Who is at the counter: the staff list, logging in and out, the first run, the screen's language. */

export type Role = 'clerk' | 'manager';
export interface StaffMember {
  staffId: string;
  name: string;
  role: Role;
}
export interface StaffRecord extends StaffMember {
  active: boolean;
}
export interface SessionStatus {
  /** True on a counter with a real central and no staff yet: the first manager must be set up. */
  firstRun: boolean;
  embeddedCentral: boolean;
  languageId: number;
  languages: { languageId: number; iso639Code: string }[];
  /** The counter's time zone (IANA, Europe/Amsterdam by default): every time on screen is in it (docs/counter.md §21). */
  timeZone: string;
}

/** A new PIN: 6 to 8 digits (the demo staff's 4-digit PINs are only ever logged in with). */
export const newPin = z.string().regex(/^\d{6,8}$/, 'a new PIN is 6 to 8 digits');
export const staffName = z.string().trim().min(2).max(80);
const staffId = z.string().min(1);
const none = z.object({});

export const sessionChannels = {
  'session.staff': channel<StaffMember[]>()({ input: none, access: 'public', kind: 'read' }),
  'session.login': channel<StaffMember>()({
    input: z.object({ staffId, pin: z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits') }),
    access: 'public',
    kind: 'change',
  }),
  'session.logout': channel<true>()({ input: none, access: 'public', kind: 'change' }),
  'session.current': channel<StaffMember | null>()({ input: none, access: 'public', kind: 'read' }),
  /** What the login screen needs before anyone logs in: first run or not, the screen's language. */
  'session.status': channel<SessionStatus>()({ input: none, access: 'public', kind: 'read' }),
  /** First run on a counter with a real central: the first manager, who is then logged in. */
  'session.setup': channel<StaffMember>()({ input: z.object({ name: staffName, pin: newPin }), access: 'public', kind: 'change' }),
  /** The counter's screen language, which the login screen may switch too. */
  'session.language': channel<SessionStatus>()({ input: z.object({ languageId: z.number().int() }), access: 'public', kind: 'change' }),
} as const;
