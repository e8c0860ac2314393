import type { Locator, Page } from '@playwright/test';
import type { CounterTestHooks } from '../electron/core/counter';
import type { RunningCounter } from './support/counter';
import { expect, test } from './support/fixtures';
import { expectInView, expectWhole, overflowing, wrappedPrices } from './support/layout';
import { openCounter, screen } from './support/ui';

/**
 * Every screen and dialog a clerk and a manager can open, on the smallest counter screen
 * (1024×768) and a large one (1920×1080), in English and in Dutch (docs/counter.md §12.1): at
 * each stop its key actions are inside the window without scrolling and nothing covers them
 * (what a press at their centre reaches is they), a dialog shows all it holds without
 * scrolling, nothing sticks out sideways or is cut off, and no price wraps.
 *
 * A walk is a list of stops, each opened from the one before it by the user's own steps. A new
 * screen is one more entry in CLERK or MANAGER: its name, how it is opened, what must be usable.
 */

type Lang = 'en' | 'nl';

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
  English: 'English',
  Nederlands: 'Nederlands',
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
  'Choose {name}': 'Kies {name}',
  'Start date': 'Startdatum',
  'Add to order': 'Toevoegen aan order',
  Pay: 'Betalen',
  'Undo {name}': '{name} ongedaan maken',
  'Add token': 'Drager toevoegen',
  'Add birthdate': 'Geboortedatum invullen',
  'Search token': 'Drager zoeken',
  'Find token': 'Drager vinden',
  'Use token {name}': 'Drager gebruiken: {name}',
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
};

/** The counter's demo catalogue and passes (the same in both languages). */
const PASS_JAN = '3528 0100 0000 4411';

interface Walk {
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

interface Stop {
  /** The screen or dialog; its screenshot is `screens-{name}-{w}x{h}-{lang}.png`. */
  name: string;
  /** From the stop before, the way its user gets there. */
  open: (s: Walk) => Promise<void>;
  /** What must be inside the window and free to press once it is open. */
  actions: (s: Walk) => Locator[];
  /** A dialog: it shows all it holds without scrolling. */
  dialog?: boolean;
}

const dialog = (s: Walk) => s.page.getByRole('dialog');

async function login(s: Walk, staffId: string, pin: string): Promise<void> {
  await s.field('Staff member').selectOption(staffId);
  await s.page.getByLabel(s.w('PIN'), { exact: true }).fill(pin);
  await s.button('Log in').click();
  await expect(s.button('Log out')).toBeVisible();
}

/** The top bar keeps the user's role and what waits to be sent (even none), on every screen. */
const topBar = (s: Walk, role: 'clerk' | 'manager', toSend: number) => [
  s.page.locator('header.topbar').getByText(s.w(role), { exact: true }),
  s.page.locator('header.topbar').getByText(s.w('To send: {n}', { n: String(toSend) })),
];

/** The routine sale at the keyboard (F2, quick key 8, Enter, Enter): its order number. */
async function quickSale(s: Walk): Promise<string> {
  for (const key of ['F2', '8', 'Enter', 'Enter']) await s.page.keyboard.press(key);
  const receipt = s.page.locator('article.receipt');
  await expect(receipt).toBeVisible();
  return (await receipt
    .getByText(/^K\w+-\d{6}$/)
    .first()
    .textContent())!.trim();
}

const CLERK: Stop[] = [
  {
    name: 'login',
    open: async () => {},
    actions: (s) => [s.field('Staff member'), s.page.getByLabel(s.w('PIN'), { exact: true }), s.button('Log in'), s.button('English')],
  },
  {
    name: 'start',
    open: (s) => login(s, 'anna', '1234'),
    actions: (s) => [
      s.button('New sale'),
      s.field('Search orders'),
      s.button('Sync status'),
      s.button('Log out'),
      ...topBar(s, 'clerk', 0),
    ],
  },
  {
    name: 'sale',
    open: async (s) => {
      await s.button('New sale').first().click();
      await expect(s.field('Search products')).toBeFocused();
    },
    actions: (s) => [s.field('Search products'), s.button('Back to start'), s.field('Search token')],
  },
  {
    name: 'product-choice',
    open: async (s) => {
      await s.page.getByRole('button', { name: 'Dagkaart', exact: true }).click();
      await s.button('Choose {name}', { name: 'Dagkaart volwassene' }).click();
    },
    actions: (s) => [s.field('Start date'), s.button('Add to order')],
  },
  {
    name: 'order-line-with-undo',
    open: async (s) => {
      await s.button('Add to order').click();
      await expect(s.button('Undo {name}', { name: 'Dagkaart volwassene' })).toBeVisible();
    },
    actions: (s) => [s.button('Undo {name}', { name: 'Dagkaart volwassene' }), s.button('Pay')],
  },
  {
    name: 'remarks',
    open: async (s) => {
      await s.page.getByRole('button', { name: 'Persoonlijke OV-pas', exact: true }).click();
      await expect(s.button('Add token')).toBeVisible();
    },
    // The undo banner is there too, and covers neither remark's action.
    actions: (s) => [
      s.button('Undo {name}', { name: 'Persoonlijke OV-pas' }),
      s.button('Add token'),
      s.button('Add birthdate'),
      s.button('Pay'),
    ],
  },
  {
    name: 'tokens',
    open: async (s) => {
      await s.button('Add token').click();
      await expect(s.field('Search token')).toBeFocused();
      await s.field('Search token').fill(PASS_JAN);
      await s.button('Find token').click();
      await expect(s.button('Use token {name}', { name: 'Pas Jan' })).toBeVisible();
    },
    actions: (s) => [s.field('Search token'), s.button('Find token'), s.button('Use token {name}', { name: 'Pas Jan' })],
  },
  {
    // Under a found token: the clerk scrolls the token column down to it, and sees it whole.
    name: 'new-pass',
    open: async (s) => {
      await s.button('Use new pass').scrollIntoViewIfNeeded();
    },
    actions: (s) => [s.field('Pass number'), s.field('Verification code'), s.button('Use new pass')],
  },
  {
    name: 'personal-data',
    dialog: true,
    open: async (s) => {
      await s.field('Pass number').fill('3528 0100 0000 1357');
      await s.field('Verification code').fill('X9Z4');
      await s.button('Use new pass').click();
      await s.button('Add birthdate').click();
      await expect(dialog(s)).toBeVisible();
      await expect(s.field('Birthdate', dialog(s))).toBeFocused();
    },
    actions: (s) => [
      s.field('Birthdate', dialog(s)),
      s.field('Name', dialog(s)),
      s.field('E-mail address', dialog(s)),
      s.button('Send code', {}, dialog(s)),
      s.button('Start camera', {}, dialog(s)),
      s.button('Save personal data', {}, dialog(s)),
      s.button('Close', {}, dialog(s)),
    ],
  },
  {
    name: 'e-mail-code',
    dialog: true,
    open: async (s) => {
      const d = dialog(s);
      await s.field('Birthdate', d).fill('1990-06-15');
      await s.field('E-mail address', d).fill('sanne@example.org');
      await s.button('Send code', {}, d).click();
      await expect(s.field('One-time password', d)).toBeFocused();
    },
    actions: (s) => [
      s.field('One-time password', dialog(s)),
      s.button('Verify code', {}, dialog(s)),
      s.button('Save personal data', {}, dialog(s)),
    ],
  },
  {
    name: 'photo',
    dialog: true,
    open: async (s) => {
      await s.button('Start camera', {}, dialog(s)).click();
      await expect(s.button('Take photo', {}, dialog(s))).toBeEnabled();
    },
    actions: (s) => [s.button('Take photo', {}, dialog(s)), s.button('Save personal data', {}, dialog(s))],
  },
  {
    name: 'checkout-cash',
    open: async (s) => {
      await s.button('Take photo', {}, dialog(s)).click();
      await expect(s.button('Retake photo', {}, dialog(s))).toBeVisible();
      await s.button('Save personal data', {}, dialog(s)).click();
      await expect(dialog(s)).toHaveCount(0);
      await s.button('Pay').click();
      await expect(s.field('Amount tendered')).toBeFocused();
    },
    actions: (s) => [
      s.field('Amount tendered'),
      s.page.getByRole('button', { name: s.lang === 'en' ? /^Exact / : /^Gepast / }),
      s.button('Confirm cash payment'),
      s.button('Back to start'),
    ],
  },
  {
    name: 'checkout-pin',
    open: async (s) => {
      await s.page.getByRole('button', { name: s.lang === 'en' ? 'PIN' : 'Pin', exact: true }).click();
      await s.button('Start PIN payment').click();
      await expect(s.button('Not approved')).toBeVisible();
    },
    actions: (s) => [s.button('Approved on the stand-alone terminal'), s.button('Not approved')],
  },
  {
    name: 'checkout-direct-debit',
    open: async (s) => {
      await s.button('Not approved').click();
      await expect(s.button('Start PIN payment')).toBeVisible();
      await s.button('Direct debit').click();
      await expect(s.button('Add billing customer')).toBeVisible();
    },
    actions: (s) => [s.button('Add billing customer'), s.field('IBAN'), s.button('Confirm direct debit')],
  },
  {
    name: 'billing-customer',
    dialog: true,
    open: async (s) => {
      await s.button('Add billing customer').click();
      await expect(dialog(s)).toBeVisible();
    },
    actions: (s) => [s.field('First name', dialog(s)), s.button('Save billing customer', {}, dialog(s)), s.button('Close', {}, dialog(s))],
  },
  {
    name: 'receipt',
    open: async (s) => {
      await s.button('Close', {}, dialog(s)).click();
      await expect(dialog(s)).toHaveCount(0);
      await s.button('Cash').click();
      await s.page.getByRole('button', { name: s.lang === 'en' ? /^Exact / : /^Gepast / }).click();
      await expect(s.page.locator('article.receipt')).toBeVisible();
    },
    actions: (s) => [s.button('New sale'), s.button('Print receipt'), s.button('Back to start')],
  },
  {
    name: 'return-at-till',
    open: async (s) => {
      await s.button('Return tickets').click();
      await expect(s.field('Manager’s PIN')).toBeVisible();
    },
    actions: (s) => [s.field('Reason'), s.field('Manager’s PIN'), s.page.locator('form button[type=submit]').last()],
  },
  {
    name: 'a-sale-is-open',
    dialog: true,
    open: async (s) => {
      await s.button('New sale').click();
      await expect(s.field('Search products')).toBeFocused();
      await s.page.keyboard.press('8');
      await expect(s.button('Pay')).toBeFocused();
      await s.page.keyboard.press('F2');
      await expect(dialog(s)).toBeVisible();
    },
    actions: (s) => [
      s.button('Park it', {}, dialog(s)),
      s.button('Cancel it', {}, dialog(s)),
      s.button('Go back to the sale', {}, dialog(s)),
    ],
  },
  {
    name: 'parked-sales',
    open: async (s) => {
      await s.button('Park it', {}, dialog(s)).click();
      await expect(dialog(s)).toHaveCount(0);
      await s.button('Back to start').click();
    },
    actions: (s) => [s.page.locator('.unfinished-sale button').first(), s.button('New sale')],
  },
  {
    name: 'sync',
    open: async (s) => {
      await s.button('Sync status').click();
      await expect(s.button('Sync now').first()).toBeVisible();
    },
    actions: (s) => [s.page.locator('main').getByRole('button', { name: s.w('Sync now') }), s.button('Back')],
  },
  {
    name: 'unfinished-at-logout',
    dialog: true,
    open: async (s) => {
      await s.button('Log out').click();
      await expect(dialog(s)).toBeVisible();
    },
    actions: (s) => [
      dialog(s)
        .getByRole('button')
        .filter({ hasNotText: s.w('Log out anyway') })
        .last(),
      s.button('Log out anyway', {}, dialog(s)),
    ],
  },
];

const MANAGER: Stop[] = [
  {
    name: 'manager-start',
    open: async (s) => {
      await login(s, 'mark', '9999');
      s.kept.order = await quickSale(s);
      await s.button('Back to start').click();
    },
    actions: (s) => [s.button('New sale'), s.button('Manager’s day'), s.button('Settings'), ...topBar(s, 'manager', 0)],
  },
  {
    name: 'order-review',
    open: async (s) => {
      await s.button('Manager’s day').click();
      await expect(s.button('Details of order {number}', { number: s.kept.order! })).toBeVisible();
    },
    actions: (s) => [s.button('Show orders'), s.button('Details of order {number}', { number: s.kept.order! })],
  },
  {
    name: 'order-detail',
    open: async (s) => {
      await s.button('Details of order {number}', { number: s.kept.order! }).click();
      await expect(s.button('Refund order {number}', { number: s.kept.order! })).toBeVisible();
    },
    actions: (s) => [s.button('Refund order {number}', { number: s.kept.order! })],
  },
  {
    name: 'refund',
    open: async (s) => {
      await s.button('Refund order {number}', { number: s.kept.order! }).click();
      await expect(s.field('Reason')).toBeVisible();
    },
    actions: (s) => [
      s.page.getByRole('radio').first(),
      s.field('Refund by'),
      s.field('Reason'),
      s.page.locator('form button[type=submit]').last(),
    ],
  },
  {
    name: 'drawer',
    open: async (s) => {
      await s.button('Cash drawer and day close').click();
      await expect(s.button('Open the drawer')).toBeVisible();
    },
    actions: (s) => [s.page.locator('.cash-count input').first(), s.button('Open the drawer')],
  },
  {
    name: 'x-report',
    open: async (s) => {
      await s.page.locator('.cash-count input').first().fill('1');
      await s.button('Open the drawer').click();
      await s.button('X report').click();
      await expect(s.button('Print X report')).toBeVisible();
    },
    actions: (s) => [s.button('Print X report')],
  },
  {
    name: 'drawer-sessions',
    open: (s) => s.page.getByRole('form', { name: s.w('Close the session with a blind count') }).scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Close the session')],
  },
  {
    name: 'cash-movements',
    open: (s) => s.button('Record').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Record')],
  },
  {
    name: 'reports',
    open: async (s) => {
      await s.button('Reports').click();
      await expect(s.page.getByRole('table').first()).toBeVisible();
    },
    actions: (s) => [s.page.locator('.export button').first()],
  },
  {
    name: 'audit',
    open: async (s) => {
      await s.button('Audit trail').click();
      await expect(s.page.getByRole('table').first()).toBeVisible();
    },
    actions: (s) => [s.button('Back to start')],
  },
  {
    name: 'settings',
    open: async (s) => {
      await s.button('Back to start').click();
      await s.button('Settings').click();
      await expect(s.button('Save settings')).toBeVisible();
    },
    actions: (s) => [s.button('Back to start')],
  },
  {
    name: 'settings-form',
    open: (s) => s.button('Save settings').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Save settings')],
  },
  {
    name: 'connection-test',
    open: async (s) => {
      await s.button('Test connection').click();
      await expect(s.page.getByRole('list', { name: s.w('Connection checks') })).toBeVisible();
    },
    actions: (s) => [s.button('Test connection')],
  },
  {
    name: 'counter-setup',
    open: (s) => s.button('Save counter setup').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Save counter setup')],
  },
  {
    name: 'enrolment',
    open: (s) => s.button('Enrol').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Enrol')],
  },
  {
    // The central gone: a sale waits to be sent, with its last error in the sync panel's table.
    name: 'sync-unsent',
    open: async (s) => {
      await s.centralGone();
      await s.button('Back to start').click();
      await quickSale(s);
      await s.button('Sync status').click();
      await expect(s.page.locator('main table').first()).toBeVisible();
    },
    actions: (s) => [
      s.page.locator('main').getByRole('button', { name: s.w('Sync now') }),
      s.page.locator('main table').first().locator('tbody tr').first().locator('td').last(),
      ...topBar(s, 'manager', 1),
    ],
  },
  {
    name: 'day-close',
    open: async (s) => {
      await s.button('Back').click();
      await s.button('Back to start').click();
      await s.button('Manager’s day').click();
      await s.button('Cash drawer and day close').click();
      await s.button('Close the day').scrollIntoViewIfNeeded();
    },
    actions: (s) => [s.page.locator('#close-note'), s.button('Close the day')],
  },
  {
    name: 'day-close-confirm',
    open: async (s) => {
      await s.page.locator('#close-note').fill('walk through the screens');
      await s.button('Close the day').click();
      await expect(s.button('Confirm: close the day')).toBeVisible();
    },
    actions: (s) => [s.button('Confirm: close the day')],
  },
  {
    name: 'z-report',
    open: async (s) => {
      await s.button('Confirm: close the day').click();
      await expect(s.button('Print Z report').first()).toBeVisible();
    },
    actions: (s) => [s.button('Print Z report').first()],
  },
];

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;

function walkOf(page: Page, lang: Lang, counter: RunningCounter): Walk {
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

for (const [who, stops] of [
  ['clerk', CLERK],
  ['manager', MANAGER],
] as const) {
  for (const size of SIZES) {
    for (const lang of ['en', 'nl'] as const) {
      test(`every screen of a ${who} at ${size.width}×${size.height} in ${lang === 'en' ? 'English' : 'Dutch'}`, async ({
        page,
        counter,
      }, testInfo) => {
        test.setTimeout(240_000);
        await page.setViewportSize(size);
        await openCounter(page, counter.url);
        const s = walkOf(page, lang, counter);
        const language = s.button(lang === 'en' ? 'English' : 'Nederlands');
        if ((await language.getAttribute('aria-pressed')) !== 'true') await language.click();
        await expect(language).toHaveAttribute('aria-pressed', 'true');
        await expect(s.button('Log in')).toBeVisible();

        for (const stop of stops) {
          await test.step(stop.name, async () => {
            await stop.open(s);
            for (const [i, action] of stop.actions(s).entries()) await expectInView(action, `${stop.name}: action ${i + 1}`);
            if (stop.dialog) await expectWhole(dialog(s), stop.name);
            expect(await overflowing(page), `${stop.name}: nothing sticks out`).toEqual([]);
            expect(await wrappedPrices(page), `${stop.name}: no price wraps`).toEqual([]);
            await screen(page, testInfo, `screens-${stop.name}-${size.width}x${size.height}-${lang}`);
          });
        }
      });
    }
  }
}
