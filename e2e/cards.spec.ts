import type { Page } from '@playwright/test';
import type { CounterOrder, IpcResult } from '../shared/ipc';
import { REFUSAL_TEXT } from '../shared/refusalText';
import { en as enWords, type MessageKey } from '../renderer/i18n/en';
import { makeI18n, type Lang } from '../renderer/i18n/i18n';
import { nl as nlWords } from '../renderer/i18n/nl';
import { refusalsNl } from '../renderer/i18n/refusals.nl';
import type { CounterCore } from '../electron/core/types';
import { expect, test } from './support/fixtures';
import { button, openCounter, useEnglish } from './support/ui';

/**
 * The card service (docs/counter.md §22) against the demo's central, in Dutch and English at
 * 1024×768: Pas Jan's card with a month in the city on it is lost and blocked, found and unblocked
 * with a manager's PIN, lost again and replaced with the fee paid in cash (the receipt lists the
 * season and the balance moved), and the season, now on the new card, is ended early with a
 * manager's PIN and refunded in cash (the refund's words name the product and the period ended).
 * Every word is looked up in the screen's own dictionary.
 */

test.use({ viewport: { width: 1024, height: 768 } });

const MANAGER = { staffId: 'mark', pin: '9999' };
const JAN = { id: 880001, pass: '3528 0100 0000 4411' };

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

async function findCard(page: Page, t: (k: MessageKey, p?: Record<string, string>) => string, pass: string, alias: RegExp) {
  await button(page, t('cards.open')).click();
  const service = page.getByRole('region', { name: t('cards.title') });
  await service.getByRole('textbox', { name: t('cards.passNumber') }).fill(pass);
  await button(service, t('cards.find')).click();
  await service.getByRole('button', { name: alias }).click();
}

async function approve(scope: ReturnType<Page['getByRole']>, t: (k: MessageKey) => string) {
  await scope.getByLabel(t('return.manager'), { exact: true }).selectOption(MANAGER.staffId);
  await scope.getByLabel(t('return.pin'), { exact: true }).fill(MANAGER.pin);
}

for (const lang of ['en', 'nl'] as const satisfies Lang[]) {
  test(`a lost card blocked, unblocked, replaced with its season moved, and the season ended early (${lang})`, async ({ page, counter }) => {
    test.setTimeout(180_000);
    const i18n = makeI18n(
      lang === 'en'
        ? { lang, messages: enWords, refusals: REFUSAL_TEXT }
        : { lang, messages: nlWords, refusals: refusalsNl },
    );
    const t = (key: MessageKey, params?: Record<string, string>) => i18n.t(key, params);
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
    await expect(events).toContainText(t('cards.event.BLOCKED', { reason: t('cards.reason.LOST') }));

    // Found again: unblocked with the manager's PIN.
    const unblock = card.getByRole('form', { name: t('cards.unblock') });
    await approve(unblock, t);
    await button(unblock, t('cards.unblock')).click();
    await expect(events).toContainText(t('cards.event.UNBLOCKED'));
    await expect(card.getByRole('form', { name: t('cards.block') })).toBeVisible();

    // Lost for good: blocked, and a replacement sold (the fee in cash) and issued.
    await card.getByRole('form', { name: t('cards.block') }).getByLabel(t('cards.reason')).selectOption('LOST');
    await button(card.getByRole('form', { name: t('cards.block') }), t('cards.block')).click();
    await expect(card.getByRole('form', { name: t('cards.unblock') })).toBeVisible();
    const replace = card.getByRole('region', { name: t('cards.replace') });
    await replace.getByLabel(t('cards.newPass')).fill('3528 0100 0000 7777');
    await button(replace, `${t('cards.sellFee')} (${i18n.money(1150)})`).click();
    const cash = button(page, t('method.cash'));
    if ((await cash.getAttribute('aria-pressed')) !== 'true') await cash.click();
    await page.getByRole('textbox', { name: t('cash.tendered'), exact: true }).fill('20');
    await expect(page.getByText(t('cash.change', { amount: i18n.money(850) }))).toBeVisible();
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
    await expect(moved).toContainText(t('cards.receiptBalance', { amount: i18n.money(1250) }));
    await expect(button(moved, t('cards.print'))).toBeInViewport();

    // The season, now on the new card, ended early with the manager's PIN and refunded in cash.
    await button(page, t('nav.start')).click();
    await findCard(page, t, '3528 0100 0000 7777', /3528 0100 0000 7777/);
    const fresh = page.getByRole('region', { name: t('cards.card', { alias: 'Pas Jan' }) });
    await expect(fresh).toContainText(t('cards.movedFrom', { card: String(JAN.id) }));
    await button(fresh, t('cards.endEarly')).click();
    const quote = fresh.getByRole('region', { name: t('cards.quote', { name: 'Maandabonnement stad' }) });
    // A month of 9900 started today: one day of 30 used, 300 kept back: floor(9900 × 29 ÷ 30) − 300.
    await expect(quote).toContainText(t('cards.quoteBack', { amount: i18n.money(9270) }));
    await approve(quote, t);
    await button(quote, t('cards.refundCash')).click();
    const refunded = fresh.getByRole('status').filter({ hasText: 'Maandabonnement stad' });
    await expect(refunded).toContainText(i18n.money(9270));
    await expect(refunded).toContainText(i18n.date(new Date().toISOString()));
    await expect(refunded).toBeInViewport();
  });
}
