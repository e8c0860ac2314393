import type { Locator, Page } from '@playwright/test';
import type { CounterOrder, IpcResult } from '../shared/ipc';
import { DEFAULT_SCREEN_TIME_ZONE, timeText } from '../shared/timeText';
import type { CounterCore } from '../electron/core/types';
import { expect, test } from './support/fixtures';
import { button, openCounter, useEnglish } from './support/ui';

/**
 * The card service (docs/counter.md §22) against the demo's central, in Dutch and English at
 * 1024×768: Pas Jan's card with a month in the city on it is lost and blocked, found and unblocked
 * with a manager's PIN, lost again and replaced with the fee paid in cash (the receipt lists the
 * season and the balance moved), and the season, now on the new card, is ended early with a
 * manager's PIN and refunded in cash (the refund's words name the product and the period ended).
 */

test.use({ viewport: { width: 1024, height: 768 } });

const MANAGER = { staffId: 'mark', pin: '9999' };
const JAN = { id: 880001, pass: '3528 0100 0000 4411' };

/** The screens' words this test reads, in each language (as renderer/i18n has them). */
const WORDS = {
  en: {
    'cards.open': 'Card service',
    'cards.passNumber': 'Pass number',
    'cards.find': 'Find card',
    'cards.card': 'Card {alias}',
    'cards.ePurseUnknown': 'Not known: the central gives it only with an open sale on the card',
    'cards.block': 'Block card',
    'cards.reason': 'Reason',
    'cards.note': 'Note',
    'cards.events': 'What happened to the card',
    'cards.blockedLost': 'Blocked (Lost)',
    'cards.unblocked': 'Unblocked',
    'cards.unblock': 'Unblock found card',
    'cards.replace': 'Replacement card',
    'cards.newPass': 'New card’s pass number',
    'cards.sellFee': 'Sell the replacement fee ({amount})',
    'method.cash': 'Cash',
    'cash.tendered': 'Amount tendered',
    'cash.change': 'Change: {amount}',
    'cash.confirm': 'Confirm cash payment',
    'receipt.title': 'Receipt',
    'nav.start': 'Back to start',
    'cards.issue': 'Issue replacement card',
    'cards.receipt': 'Replacement receipt',
    'cards.receiptNew': 'New card {pass} replaces card {old}.',
    'cards.receiptBalance': 'Balance moved: {amount}',
    'cards.print': 'Print receipt',
    'cards.movedFrom': 'moved from card {card}',
    'cards.endEarly': 'End early',
    'cards.quote': 'Ending {name} early',
    'cards.quoteBack': 'Back: {amount}',
    'return.manager': 'Manager',
    'return.pin': 'Manager’s PIN',
    'cards.refundCash': 'Refund in cash',
    'cards.refunded': 'Refund receipt: {name}, period ',
    'cards.endedOn': 'ended on {on}; back {amount}.',
    'login.staff': 'Staff member',
    'login.pin': 'PIN',
    'login.submit': 'Log in',
    'top.logout': 'Log out',
  },
  nl: {
    'cards.open': 'Passenservice',
    'cards.passNumber': 'Pasnummer',
    'cards.find': 'Pas zoeken',
    'cards.card': 'Pas {alias}',
    'cards.ePurseUnknown': 'Onbekend: de centrale geeft het alleen bij een open verkoop op de pas',
    'cards.block': 'Pas blokkeren',
    'cards.reason': 'Reden',
    'cards.note': 'Opmerking',
    'cards.events': 'Wat er met de pas gebeurde',
    'cards.blockedLost': 'Geblokkeerd (Verloren)',
    'cards.unblocked': 'Gedeblokkeerd',
    'cards.unblock': 'Gevonden pas deblokkeren',
    'cards.replace': 'Vervangende pas',
    'cards.newPass': 'Pasnummer van de nieuwe pas',
    'cards.sellFee': 'Vervangingskosten verkopen ({amount})',
    'method.cash': 'Contant',
    'cash.tendered': 'Ontvangen bedrag',
    'cash.change': 'Wisselgeld: {amount}',
    'cash.confirm': 'Contante betaling bevestigen',
    'receipt.title': 'Bon',
    'nav.start': 'Terug naar start',
    'cards.issue': 'Vervangende pas uitgeven',
    'cards.receipt': 'Bon van de vervanging',
    'cards.receiptNew': 'Nieuwe pas {pass} vervangt pas {old}.',
    'cards.receiptBalance': 'Saldo overgezet: {amount}',
    'cards.print': 'Bon afdrukken',
    'cards.movedFrom': 'overgezet van pas {card}',
    'cards.endEarly': 'Eerder stoppen',
    'cards.quote': '{name} eerder stoppen',
    'cards.quoteBack': 'Terug: {amount}',
    'return.manager': 'Manager',
    'return.pin': 'Pincode van de manager',
    'cards.refundCash': 'Contant terugbetalen',
    'cards.refunded': 'Terugbetaalbon: {name}, periode ',
    'cards.endedOn': 'gestopt op {on}; terug {amount}.',
    'login.staff': 'Medewerker',
    'login.pin': 'Pincode',
    'login.submit': 'Inloggen',
    'top.logout': 'Uitloggen',
  },
} as const;
type Lang = keyof typeof WORDS;
type Words = (key: keyof (typeof WORDS)['en'], params?: Record<string, string>) => string;
const LOCALE: Record<Lang, string> = { en: 'en-GB', nl: 'nl-NL' };

async function must<T>(core: CounterCore, channel: string, input: unknown): Promise<T> {
  const answer = (await core.dispatch(channel, input)) as IpcResult<T>;
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value;
}

/** A month in the city on Pas Jan from now, paid in cash, sent to the central: what the clerk sold earlier. */
async function seasonOnJan(core: CounterCore): Promise<void> {
  const { order } = await must<CounterOrder>(core, 'orders.create', {
    languageId: 1,
    orderLines: [
      { productId: 201, quantity: 1, validFrom: new Date().toISOString(), customerTokens: [{ tokenTypeId: 2, transitTokenId: JAN.id }] },
    ],
  });
  await must(core, 'payments.add', {
    orderId: order.orderId,
    payment: { paymentMethodId: 1, amountDebit: order.totalAmount, operatorPaymentReference: 'e2e-season', statusCode: 'SETTLED' },
  });
  await must(core, 'sync.now', {});
}

async function findCard(page: Page, t: Words, pass: string, alias: RegExp) {
  await button(page, t('cards.open')).click();
  const service = page.getByRole('region', { name: t('cards.open') });
  await service.getByRole('textbox', { name: t('cards.passNumber') }).fill(pass);
  await button(service, t('cards.find')).click();
  await service.getByRole('button', { name: alias }).click();
}

async function approve(scope: Locator, t: Words) {
  await scope.getByLabel(t('return.manager'), { exact: true }).selectOption(MANAGER.staffId);
  await scope.getByLabel(t('return.pin'), { exact: true }).fill(MANAGER.pin);
}

for (const lang of ['en', 'nl'] as const) {
  test(`a lost card blocked, unblocked, replaced with its season moved, and the season ended early (${lang})`, async ({
    page,
    counter,
  }) => {
    test.setTimeout(180_000);
    const t: Words = (key, params = {}) => WORDS[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name);
    const euros = new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'EUR' });
    const money = (cents: number) => euros.format(cents / 100);
    const { date } = timeText(LOCALE[lang], DEFAULT_SCREEN_TIME_ZONE);
    await openCounter(page, counter.url);
    if (lang === 'en') await useEnglish(page);
    await page.getByLabel(t('login.staff')).selectOption('anna');
    await page.getByLabel(t('login.pin'), { exact: true }).fill('1234');
    await button(page, t('login.submit')).click();
    await expect(button(page, t('top.logout'))).toBeVisible();
    await seasonOnJan(counter.shell.core);

    // Found by its pass number: the season runs on it; the balance is not known (no open sale on it).
    await findCard(page, t, JAN.pass, /Pas Jan/);
    const card = page.getByRole('region', { name: t('cards.card', { alias: 'Pas Jan' }) });
    await expect(card).toContainText('Maandabonnement stad');
    await expect(card).toContainText(t('cards.ePurseUnknown'));

    // Lost: blocked with a reason.
    const block = card.getByRole('form', { name: t('cards.block') });
    await block.getByLabel(t('cards.reason')).selectOption('LOST');
    await block.getByLabel(t('cards.note')).fill('tram 5');
    await button(block, t('cards.block')).click();
    const events = card.getByRole('region', { name: t('cards.events') });
    await expect(events).toContainText(t('cards.blockedLost'));

    // Found again: unblocked with the manager's PIN.
    const unblock = card.getByRole('form', { name: t('cards.unblock') });
    await approve(unblock, t);
    await button(unblock, t('cards.unblock')).click();
    await expect(events).toContainText(t('cards.unblocked'));
    await expect(card.getByRole('form', { name: t('cards.block') })).toBeVisible();

    // Lost for good: blocked, and a replacement sold (the fee in cash) and issued.
    await card
      .getByRole('form', { name: t('cards.block') })
      .getByLabel(t('cards.reason'))
      .selectOption('LOST');
    await button(card.getByRole('form', { name: t('cards.block') }), t('cards.block')).click();
    await expect(card.getByRole('form', { name: t('cards.unblock') })).toBeVisible();
    const replace = card.getByRole('region', { name: t('cards.replace') });
    await replace.getByLabel(t('cards.newPass')).fill('3528 0100 0000 7777');
    await button(replace, t('cards.sellFee', { amount: money(1150) })).click();
    const cash = button(page, t('method.cash'));
    if ((await cash.getAttribute('aria-pressed')) !== 'true') await cash.click();
    await page.getByRole('textbox', { name: t('cash.tendered'), exact: true }).fill('20');
    await expect(page.getByText(t('cash.change', { amount: money(850) }))).toBeVisible();
    await button(page, t('cash.confirm')).click();
    const receipt = page.getByRole('article', { name: t('receipt.title') });
    await expect(receipt).toContainText('Vervangende pas');
    await button(page, t('nav.start')).click();
    await button(page, t('cards.open')).click();
    const again = page.getByRole('region', { name: t('cards.card', { alias: 'Pas Jan' }) });
    await button(again, t('cards.issue')).click();
    const moved = page.getByRole('region', { name: t('cards.receipt') });
    await expect(moved).toContainText(t('cards.receiptNew', { pass: '3528 0100 0000 7777', old: JAN.pass }));
    await expect(moved).toContainText('Maandabonnement stad: ');
    await expect(moved).toContainText(t('cards.receiptBalance', { amount: money(1250) }));
    await expect(button(moved, t('cards.print'))).toBeInViewport();

    // The season, now on the new card, ended early with the manager's PIN and refunded in cash.
    await button(page, t('nav.start')).click();
    await findCard(page, t, '3528 0100 0000 7777', /3528 0100 0000 7777/);
    const fresh = page.getByRole('region', { name: t('cards.card', { alias: 'Pas Jan' }) });
    await expect(fresh).toContainText(t('cards.movedFrom', { card: String(JAN.id) }));
    await button(fresh, t('cards.endEarly')).click();
    const quote = fresh.getByRole('region', { name: t('cards.quote', { name: 'Maandabonnement stad' }) });
    // A month of 9900 started today: one day of 30 used, 300 kept back: floor(9900 × 29 ÷ 30) − 300.
    await expect(quote).toContainText(t('cards.quoteBack', { amount: money(9270) }));
    await approve(quote, t);
    await button(quote, t('cards.refundCash')).click();
    const refunded = fresh.getByRole('status').filter({ hasText: 'Maandabonnement stad' });
    await expect(refunded).toContainText(t('cards.refunded', { name: 'Maandabonnement stad' }));
    await expect(refunded).toContainText(t('cards.endedOn', { on: date(new Date().toISOString()), amount: money(9270) }));
    await expect(refunded).toBeInViewport();
  });
}
