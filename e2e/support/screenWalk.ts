import type { Locator, Page } from '@playwright/test';
import type { CounterTestHooks } from '../../electron/core/counter';
import type { RunningCounter } from './counter';
import { expect } from './fixtures';

/** The walk over every screen of e2e/screens.spec.ts: its words, its steps, and what a stop is. */

export type Lang = 'en' | 'nl';

/** The Dutch of every English text the walk looks for; `{x}` is filled in by `w`. */
const NL: Record<string, string> = {
  'Confirm: close the day': 'Bevestigen: de dag afsluiten',
  'Return tickets': 'Kaartjes retour',
  'Manager’s PIN': 'Pincode van de manager',
  'Close the session': 'Dienst afsluiten',
  'Close the session with a blind count': 'De dienst afsluiten met een blinde telling',
  Record: 'Vastleggen',
  'Test connection': 'Verbinding testen',
  'Connection checks': 'Controles van de verbinding',
  'EN English': 'EN English',
  'NL Nederlands': 'NL Nederlands',
  'Staff member': 'Medewerker',
  PIN: 'Pincode',
  'Log in': 'Inloggen',
  'Log out': 'Uitloggen',
  'New sale': 'Nieuwe verkoop',
  'Search orders': 'Orders zoeken',
  'Sync status': 'Verzendstatus',
  'Sync now': 'Nu versturen',
  'To send: {n}': 'Te versturen: {n}',
  clerk: 'medewerker',
  manager: 'leidinggevende',
  'Search products': 'Producten zoeken',
  'Back to start': 'Terug naar start',
  Back: 'Terug',
  'Choose which one': 'Kies welke',
  'Start date': 'Startdatum',
  'Add to order': 'Toevoegen aan order',
  Pay: 'Betalen',
  'Undo {name}': 'Ongedaan maken {name}',
  'Edit {name}': 'Wijzigen {name}',
  'Remove {name}': 'Verwijderen {name}',
  'Add token': 'Drager toevoegen',
  'Add birthdate': 'Geboortedatum invullen',
  'Search token': 'Drager zoeken',
  'Find token': 'Drager vinden',
  'Use token {name}': 'Drager gebruiken {name}',
  'Pass number': 'Pasnummer',
  'Verification code': 'Verificatiecode',
  'Use new pass': 'Nieuwe pas gebruiken',
  Birthdate: 'Geboortedatum',
  Name: 'Naam',
  'E-mail address': 'E-mailadres',
  'Send code': 'Code versturen',
  'One-time password': 'Eenmalige code',
  'Verify code': 'Code controleren',
  'Start camera': 'Camera starten',
  'Take photo': 'Foto maken',
  'Retake photo': 'Opnieuw maken',
  'Save personal data': 'Persoonsgegevens opslaan',
  Close: 'Sluiten',
  'Amount tendered': 'Ontvangen bedrag',
  'Confirm cash payment': 'Contante betaling bevestigen',
  Cash: 'Contant',
  'Direct debit': 'Automatische incasso',
  'Start PIN payment': 'Pinbetaling starten',
  'Approved on the stand-alone terminal': 'Goedgekeurd op de losse pinautomaat',
  'Not approved': 'Niet goedgekeurd',
  'Add billing customer': 'Factuurklant toevoegen',
  'First name': 'Voornaam',
  'Save billing customer': 'Factuurklant opslaan',
  IBAN: 'IBAN',
  'Confirm direct debit': 'Incasso bevestigen',
  'Print receipt': 'Bon afdrukken',
  'Park it': 'Parkeren',
  'Cancel it': 'Annuleren',
  'Go back to the sale': 'Terug naar de verkoop',
  'Log out anyway': 'Toch uitloggen',
  'Manager’s day': 'Dag van de leidinggevende',
  Settings: 'Instellingen',
  Orders: 'Orders',
  'Show orders': 'Orders tonen',
  'Details of order {number}': 'Details van order {number}',
  'Refund order {number}': 'Order {number} terugbetalen',
  'Refund by': 'Terugbetalen via',
  Reason: 'Reden',
  'Cash drawer and day close': 'Kassa en dagafsluiting',
  'Open the drawer': 'Kassa openen',
  'X report': 'X-rapport',
  'Print X report': 'X-rapport afdrukken',
  'Close the day': 'De dag afsluiten',
  'Close the day (Z report)': 'De dag afsluiten (Z-rapport)',
  'Print Z report': 'Z-rapport afdrukken',
  Reports: 'Rapporten',
  'Audit trail': 'Audittrail',
  'Save settings': 'Instellingen opslaan',
  'Save counter setup': 'Inrichting opslaan',
  Enrol: 'Aanmelden',
  'Card service': 'Passenservice',
  'Find card': 'Pas zoeken',
  'Card {alias}': 'Pas {alias}',
  'Block card': 'Pas blokkeren',
  'Unblock found card': 'Gevonden pas deblokkeren',
  'Replacement card': 'Vervangende pas',
  'New card’s pass number': 'Pasnummer van de nieuwe pas',
  'Sell the replacement fee': 'Vervangingskosten verkopen',
  'Waive the fee': 'Kosten kwijtschelden',
  'Why the fee is waived': 'Waarom de kosten vervallen',
  'Issue replacement card': 'Vervangende pas uitgeven',
  'Replacement receipt': 'Bon van de vervanging',
};

/** The counter's demo catalogue and passes (the same in both languages). */
export const PASS_JAN = '3528 0100 0000 4411';

export interface Walk {
  page: Page;
  lang: Lang;
  /** The screen's words for an English text of NL, `{x}` filled in. */
  w: (english: string, fill?: Record<string, string>) => string;
  /** A button by its name in the screen's language. */
  button: (english: string, fill?: Record<string, string>, scope?: Page | Locator) => Locator;
  /** A field by its label in the screen's language. */
  field: (english: string, scope?: Page | Locator) => Locator;
  /** Facts a stop leaves for the stops after it (an order number). */
  kept: Record<string, string>;
  /** Stops the counter's embedded central: sales wait to be sent, with an error. */
  centralGone: () => Promise<void>;
}

export interface Stop {
  /** The screen or dialog; its screenshot is `screens-{name}-{w}x{h}-{lang}.png`. */
  name: string;
  /** From the stop before, the way its user gets there. */
  open: (s: Walk) => Promise<void>;
  /** What must be inside the window and free to press once it is open. */
  actions: (s: Walk) => Locator[];
  /** A dialog: it shows all it holds without scrolling. */
  dialog?: boolean;
}

export const dialog = (s: Walk) => s.page.getByRole('dialog');

export async function login(s: Walk, staffId: string, pin: string): Promise<void> {
  await s.field('Staff member').selectOption(staffId);
  await s.page.getByLabel(s.w('PIN'), { exact: true }).fill(pin);
  await s.button('Log in').click();
  await expect(s.button('Log out')).toBeVisible();
}

/** The top bar keeps the user's role and what waits to be sent (even none), on every screen. */
export const topBar = (s: Walk, role: 'clerk' | 'manager', toSend: number) => [
  s.page.locator('header.topbar').getByText(s.w(role), { exact: true }),
  s.page.locator('header.topbar').getByText(s.w('To send: {n}', { n: String(toSend) })),
];

/** The routine sale at the keyboard (F2, quick key 8, Enter, Enter): its order number. */
export async function quickSale(s: Walk): Promise<string> {
  for (const key of ['F2', '8', 'Enter', 'Enter']) await s.page.keyboard.press(key);
  const receipt = s.page.locator('article.receipt');
  await expect(receipt).toBeVisible();
  return (await receipt
    .getByText(/^K\w+-\d{6}$/)
    .first()
    .textContent())!.trim();
}

export function walkOf(page: Page, lang: Lang, counter: RunningCounter): Walk {
  const w = (english: string, fill: Record<string, string> = {}) => {
    const text = lang === 'en' ? english : NL[english];
    if (text === undefined) throw new Error(`no Dutch for "${english}" in screens.spec.ts`);
    return text.replace(/\{(\w+)\}/g, (_, key: string) => fill[key] ?? `{${key}}`);
  };
  return {
    page,
    lang,
    w,
    button: (english, fill, scope = page) => scope.getByRole('button', { name: w(english, fill), exact: true }),
    // A form may carry its field's name too ("Drager zoeken"): the control itself.
    field: (english, scope = page) => scope.getByLabel(w(english), { exact: true }).and(scope.locator('input, select, textarea')),
    kept: {},
    centralGone: async () => {
      const central = (counter.shell.core as unknown as { test: CounterTestHooks }).test.embedded!;
      await central.close();
      // The counter closes it again when the test ends: once is enough.
      central.close = async () => {};
    },
  };
}
