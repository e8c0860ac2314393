import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectInView, overflowing, wrappedPrices } from './support/layout';
import { button, openAndLogin, screen } from './support/ui';

/**
 * The screens counters really have, in both languages: on the sale and on the checkout the
 * order's total and Pay (the amount field and the exact-money button) are inside the window
 * without scrolling, nothing sticks out or is cut off sideways, and no price wraps.
 */

const SCREENS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const WORDS = {
  en: { language: 'EN English', newSale: 'New sale', pay: 'Pay', total: 'Total', exact: /^Exact / },
  nl: { language: 'NL Nederlands', newSale: 'Nieuwe verkoop', pay: 'Betalen', total: 'Totaal', exact: /^Gepast / },
} as const;

/** A line of the order in either language. */
const orderLine = (page: Page, product: string) => page.locator('li.line').filter({ has: page.getByRole('heading', { name: product }) });

for (const lang of ['en', 'nl'] as const) {
  for (const size of SCREENS) {
    const tag = `${size.width}x${size.height}-${lang}`;
    test(`sale and checkout at ${size.width}×${size.height} in ${lang === 'en' ? 'English' : 'Dutch'}`, async ({
      page,
      counter,
    }, testInfo) => {
      await page.setViewportSize(size);
      await openAndLogin(page, counter.url);
      const w = WORDS[lang];
      await button(page, w.language).click();
      await expect(button(page, w.language)).toHaveAttribute('aria-pressed', 'true');

      // The top bar is one row, two at most where the words are long (Dutch on a narrow screen).
      const bar = await page.locator('header.topbar').boundingBox();
      expect(bar!.height, 'the top bar is at most two rows').toBeLessThanOrEqual(size.width >= 1366 ? 64 : 100);

      await button(page, w.newSale).first().click();
      // Three lines, so the order has something to scroll if it must.
      for (const product of ['Enkele reis stad', 'Saldo opladen', 'Persoonlijke OV-pas']) {
        await button(page, product).click();
        await expect(orderLine(page, product)).toBeVisible();
      }
      await button(page, 'Persoonlijke OV-pas').focus();
      const order = page.getByRole('region', { name: /^Order/ });
      await expectInView(order.getByText(w.total, { exact: false }).last(), 'the order total');
      await expectInView(button(page, w.pay), 'Pay');
      expect(await overflowing(page)).toEqual([]);
      expect(await wrappedPrices(page)).toEqual([]);
      await screen(page, testInfo, `sale-${tag}`);

      // Down to the single ride, which can be paid: the checkout.
      for (const product of ['Saldo opladen', 'Persoonlijke OV-pas']) {
        await page.getByRole('button', { name: new RegExp(`^(Remove|Verwijderen) ${product}$`) }).click();
        await expect(orderLine(page, product)).toHaveCount(0);
      }
      await button(page, w.pay).click();
      await expectInView(page.locator('#pay-cash'), 'the amount tendered');
      await expectInView(page.getByRole('button', { name: w.exact }), 'exact money');
      expect(await overflowing(page)).toEqual([]);
      expect(await wrappedPrices(page)).toEqual([]);
      await screen(page, testInfo, `checkout-${tag}`);
    });
  }
}

test('a sale with a token and personal data on the 1024×768 screen', async ({ page, counter }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openAndLogin(page, counter.url);
  await button(page, 'New sale').first().click();
  await button(page, 'Persoonlijke OV-pas').click();
  const line = orderLine(page, 'Persoonlijke OV-pas');
  await expect(line).toBeVisible();

  // The remark panel leads: a token first (its action has the focus), on a new pass.
  const needed = page.getByRole('list', { name: 'Remarks and errors' });
  await expect(needed).toContainText('The product must be put on a token: physical pass.');
  await expect(button(needed, 'Add token')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Search token')).toBeFocused();
  await page.getByLabel('Pass number').fill('3528 0100 0000 1357');
  await page.getByLabel('Verification code').fill('X9Z4');
  await button(page, 'Use new pass').click();
  await expect(line).toContainText('3528 0100 0000 1357');

  // Then the birthdate: personal data opens as a dialog over the sale, inside the window.
  await expect(button(needed, 'Add birthdate')).toBeVisible();
  await button(needed, 'Add birthdate').click();
  const personal = page.getByRole('dialog', { name: 'Personal data: Persoonlijke OV-pas' });
  await expect(personal.getByLabel('Birthdate')).toBeFocused();
  await expectInView(personal.getByRole('heading', { name: 'Personal data: Persoonlijke OV-pas' }), 'the dialog title');
  await personal.getByLabel('Name').fill('Sanne de Boer');
  // Typed the app's way, whatever the browser's locale: dd/mm/yyyy on the English screen.
  await expect(personal.getByLabel('Birthdate')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await personal.getByLabel('Birthdate').fill('15/06/1990');
  await expect(personal.getByText('Age on')).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await screen(page, testInfo, 'personal-data-1024x768');
  await expectInView(button(personal, 'Save personal data'), 'Save, without scrolling the dialog');
  await button(personal, 'Save personal data').click();
  await expect(personal).toHaveCount(0);

  // Complete: Pay has the focus and the sale goes on at the same four-touch pace.
  await expect(button(page, 'Pay')).toBeFocused();
  await expectInView(button(page, 'Pay'), 'Pay');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount tendered')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Delivered');
});
