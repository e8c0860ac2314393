import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { button, openCounter, useEnglish } from './support/ui';

/**
 * One cash amount everywhere (docs/counter.md §17), in Dutch and English: "Enkele reis regio"
 * (€4.63, handed over as €4.65) paid with €5 gives €0.35 on the screen, the receipt and the
 * customer display; paid exactly, no change anywhere; its return hands back €4.65 and says so.
 * A correct blind count closes the session without a difference, also when the cash sale was made
 * before the drawer was opened: such cash counts into the day's first session (docs/counter.md §17).
 */

const REGION = 'Enkele reis regio';

const WORDS = {
  en: {
    locale: 'en-GB',
    display: 'Customer display',
    newSale: 'New sale',
    pay: 'Pay',
    cash: 'Cash',
    tendered: 'Amount tendered',
    change: (a: string) => `Change: ${a}`,
    confirm: 'Confirm cash payment',
    exact: (a: string) => `Exact ${a}`,
    receipt: 'Receipt',
    changeTitle: 'Change due',
    noChange: 'No change due',
    receiptChange: (t: string, c: string) => `tendered ${t}, change ${c}`,
    receiptExact: (t: string) => `tendered ${t}, no change`,
    rounding: (r: string, h: string) => `cash rounding ${r}: ${h} in cash`,
    returnTickets: 'Return tickets',
    reason: 'Reason',
    refundBy: 'Refund by',
    giveBack: (a: string) => `Give back ${a} in cash`,
    refundReceipt: 'Refund receipt',
    roundingBack: (r: string, h: string) => `cash rounding ${r}: ${h} given back in cash`,
    managerDay: 'Manager’s day',
    managerNav: 'Manager navigation',
    drawer: 'Cash drawer and day close',
    float: 'Float in the drawer',
    openDrawer: 'Open the drawer',
    backToStart: 'Back to start',
    notes: (a: string) => `${a} notes`,
    coins: (a: string) => `${a} coins`,
    blind: 'Close the session with a blind count',
    closeSession: 'Close the session',
    closed: (e: string, c: string, d: string) => `Session closed: expected ${e}, counted ${c}, difference ${d}.`,
    displayMoney: (cents: number) => `€${(cents / 100).toFixed(2)}`,
  },
  nl: {
    locale: 'nl-NL',
    display: 'Klantscherm',
    newSale: 'Nieuwe verkoop',
    pay: 'Betalen',
    cash: 'Contant',
    tendered: 'Ontvangen bedrag',
    change: (a: string) => `Wisselgeld: ${a}`,
    confirm: 'Contante betaling bevestigen',
    exact: (a: string) => `Gepast ${a}`,
    receipt: 'Bon',
    changeTitle: 'Wisselgeld',
    noChange: 'Geen wisselgeld',
    receiptChange: (t: string, c: string) => `ontvangen ${t}, wisselgeld ${c}`,
    receiptExact: (t: string) => `ontvangen ${t}, geen wisselgeld`,
    rounding: (r: string, h: string) => `afronding contant ${r}: ${h} contant`,
    returnTickets: 'Kaartjes retour',
    reason: 'Reden',
    refundBy: 'Terugbetalen via',
    giveBack: (a: string) => `${a} contant teruggeven`,
    refundReceipt: 'Bon van de terugbetaling',
    roundingBack: (r: string, h: string) => `afronding contant ${r}: ${h} contant terug`,
    managerDay: 'Dag van de leidinggevende',
    managerNav: 'Navigatie leidinggevende',
    drawer: 'Kassa en dagafsluiting',
    float: 'Wisselgeld in de la',
    openDrawer: 'Kassa openen',
    backToStart: 'Terug naar start',
    notes: (a: string) => `Biljetten van ${a}`,
    coins: (a: string) => `Munten van ${a}`,
    blind: 'De dienst afsluiten met een blinde telling',
    closeSession: 'Dienst afsluiten',
    closed: (e: string, c: string, d: string) => `Dienst afgesloten: verwacht ${e}, geteld ${c}, verschil ${d}.`,
    displayMoney: (cents: number) => `€ ${(cents / 100).toFixed(2).replace('.', ',')}`,
  },
} as const;

for (const lang of ['en', 'nl'] as const) {
  const w = WORDS[lang];
  const money = (cents: number) => new Intl.NumberFormat(w.locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

  async function sellRegion(page: Page): Promise<void> {
    await button(page, w.newSale).first().click();
    await button(page, REGION).click();
    await button(page, w.pay).click();
    const cash = button(page, w.cash);
    if ((await cash.getAttribute('aria-pressed')) !== 'true') await cash.click();
  }

  test(`${lang}: €4.63 paid with €5 gives ${money(35)} everywhere; its return hands back ${money(465)}; paid exactly, no change anywhere`, async ({
    page,
    counter,
    context,
  }) => {
    await openCounter(page, counter.url);
    if (lang === 'en') await useEnglish(page);
    else await expect(button(page, 'NL Nederlands')).toHaveAttribute('aria-pressed', 'true');
    // A manager returns tickets at the till without a second PIN (docs/counter.md §19).
    await page.getByLabel(lang === 'en' ? 'Staff member' : 'Medewerker').selectOption('mark');
    await page.getByLabel(lang === 'en' ? 'PIN' : 'Pincode', { exact: true }).fill('9999');
    await button(page, lang === 'en' ? 'Log in' : 'Inloggen').click();
    const [display] = await Promise.all([context.waitForEvent('page'), button(page, w.display).click()]);

    // The note: the clerk, the customer display and the receipt say €0.35.
    await sellRegion(page);
    await expect(display.locator('[data-sum="due"]')).toHaveText(w.displayMoney(463));
    await expect(display.locator('[data-sum="cash-due"]')).toHaveText(w.displayMoney(465));
    await page.getByRole('textbox', { name: w.tendered }).fill('5');
    await expect(page.getByText(w.change(money(35)))).toBeVisible();
    await button(page, w.confirm).click();
    const receipt = page.getByRole('article', { name: w.receipt, exact: true });
    await expect(receipt).toContainText(w.receiptChange(money(500), money(35)));
    await expect(receipt).toContainText(w.rounding(money(2), money(465)));
    await expect(page.getByRole('heading', { name: w.changeTitle, exact: true })).toBeVisible();
    await expect(page.locator('.change-amount')).toHaveText(money(35));
    await expect(display.locator('[data-sum="change"]')).toHaveText(w.displayMoney(35));

    // Its return: only cash is offered, the button and the refund receipt say €4.65 goes back.
    await button(page, w.returnTickets).click();
    const methods = page.getByLabel(w.refundBy).locator('option');
    await expect(methods).toHaveText([w.cash]);
    await page.getByLabel(w.reason).fill(lang === 'en' ? 'wrong ticket' : 'verkeerd kaartje');
    await button(page, w.giveBack(money(465))).click();
    const refund = page.getByRole('article', { name: w.refundReceipt });
    await expect(refund).toContainText(w.roundingBack(money(2), money(465)));
    // The sale's change box is gone under the refund receipt.
    await expect(page.locator('.change-due')).toHaveCount(0);

    // Exact: no change on the screen, the receipt or the customer display.
    await sellRegion(page);
    await button(page, w.exact(money(465))).click();
    const exact = page.getByRole('article', { name: w.receipt, exact: true });
    await expect(exact).toContainText(w.receiptExact(money(465)));
    await expect(page.getByRole('heading', { name: w.noChange })).toBeVisible();
    await expect(page.locator('.change-amount')).toHaveCount(0);
    await expect(display.locator('[data-sum="due"]')).toHaveCount(0);
    await expect(display.locator('[data-sum="change"]')).toHaveCount(0);
  });

  test(`${lang}: cash sold before the drawer is opened counts into the first session; a correct blind count closes it without a difference`, async ({
    page,
    counter,
  }) => {
    await openCounter(page, counter.url);
    if (lang === 'en') await useEnglish(page);
    else await expect(button(page, 'NL Nederlands')).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel(lang === 'en' ? 'Staff member' : 'Medewerker').selectOption('mark');
    await page.getByLabel(lang === 'en' ? 'PIN' : 'Pincode', { exact: true }).fill('9999');
    await button(page, lang === 'en' ? 'Log in' : 'Inloggen').click();

    // The sale comes first: €4.63 handed over as €4.65, paid with €5.
    await sellRegion(page);
    await page.getByRole('textbox', { name: w.tendered }).fill('5');
    await expect(page.getByText(w.change(money(35)))).toBeVisible();
    await button(page, w.confirm).click();
    await expect(page.getByRole('article', { name: w.receipt, exact: true })).toContainText(w.receiptChange(money(500), money(35)));

    // Then the drawer opens with a float of €50.00.
    await button(page, w.backToStart).click();
    await button(page, w.managerDay).click();
    await button(page.getByRole('navigation', { name: w.managerNav }), w.drawer).click();
    await expect(page.getByRole('heading', { name: w.drawer, level: 2 })).toBeVisible();
    const float = page.getByRole('group', { name: w.float });
    await float.getByLabel(w.notes(money(5_000)), { exact: true }).fill('1');
    await button(page, w.openDrawer).click();

    // The drawer holds €50.00 + €4.65 = €54.65; counted blind, the session closes without a difference.
    const blind = page.getByRole('form', { name: w.blind });
    await expect(blind).toBeVisible();
    const pieces = {
      [w.notes(money(5_000))]: '1',
      [w.coins(money(200))]: '2',
      [w.coins(money(50))]: '1',
      [w.coins(money(10))]: '1',
      [w.coins(money(5))]: '1',
    };
    for (const [label, n] of Object.entries(pieces)) await blind.getByLabel(label, { exact: true }).fill(n);
    await button(blind, w.closeSession).click();
    await expect(page.getByRole('status').filter({ hasText: w.closed(money(5_465), money(5_465), money(0)).slice(0, 12) })).toHaveText(
      w.closed(money(5_465), money(5_465), money(0)),
    );
  });
}
