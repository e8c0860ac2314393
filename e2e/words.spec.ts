import type { Page } from '@playwright/test';
import { channels } from '../shared/ipc';
import { expect, test } from './support/fixtures';
import { button, en, expectComplete, login, newSale, openAndLogin, payCash, toCheckout, touchProduct } from './support/ui';

/**
 * Every word the user's (docs/counter.md §21): the screens a clerk and a manager visit, each
 * read in Dutch and in English, hold no unfilled {placeholder}, no channel name, no raw status
 * and no cents. The page is read as a person reads it (its visible text).
 */

const CHANNEL_NAMES = Object.keys(channels);
/** Statuses as the data and the interface spell them: never on a screen in these spellings. */
const RAW_STATUSES = ['SETTLED', 'PENDING', 'FAILED', 'AUTHORISED', 'SIGNED', 'REVOKED', 'CANCELLED', 'REFUNDED', 'DELIVERED'];
/** The interface's own lower-case status names: English words too, so looked for on the Dutch screen only. */
const RAW_STATUSES_EN = ['concept', 'delivered', 'paid', 'cancelled', 'refunded', 'pending', 'settled', 'failed', 'unknown'];

/** What is wrong with the words of the page now, if anything. */
function wrongWords(text: string, lang: 'nl' | 'en'): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\{[A-Za-z]+\}/g)) found.push(`placeholder ${m[0]}`);
  for (const name of CHANNEL_NAMES) if (text.includes(name)) found.push(`channel name ${name}`);
  const words = new Set(text.split(/[^\p{L}]+/u));
  for (const status of RAW_STATUSES) if (words.has(status)) found.push(`raw status ${status}`);
  if (lang === 'nl') for (const status of RAW_STATUSES_EN) if (words.has(status)) found.push(`raw status ${status}`);
  if (/\bcents?\b/i.test(text)) found.push('cents');
  return found;
}

/** Reads the screen in Dutch, then in English (the language buttons are named in their own language), and ends in English. */
async function readInBoth(page: Page, screenName: string): Promise<void> {
  for (const [lang, name, logout] of [
    ['nl', 'NL Nederlands', 'Uitloggen'],
    ['en', 'EN English', 'Log out'],
  ] as const) {
    const switchTo = button(page, name);
    await switchTo.click();
    await expect(switchTo).toHaveAttribute('aria-pressed', 'true');
    await expect(button(page, logout)).toBeVisible();
    // Whatever loads with the screen (a list, a report) is in before it is read.
    await expect(page.getByRole('status').filter({ hasText: /^(Loading…|Laden…)$/ })).toHaveCount(0);
    const text = await page.locator('body').innerText();
    expect(wrongWords(text, lang), `${screenName} in ${lang}`).toEqual([]);
  }
}

async function managerPart(page: Page, part: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Manager navigation' });
  if (!(await nav.isVisible())) await button(page, 'Manager’s day').click();
  await button(nav, part).click();
  await expect(page.getByRole('heading', { name: part, level: 2 })).toBeVisible();
}

test('no untranslated text on the screens of a clerk and a manager, in Dutch and English', async ({ page, counter }) => {
  test.setTimeout(240_000);
  // A clerk's sale: the start, the sale, the checkout and the receipt.
  await openAndLogin(page, counter.url);
  await readInBoth(page, 'start (clerk)');
  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  await expectComplete(page);
  await readInBoth(page, 'sale');
  await toCheckout(page);
  await readInBoth(page, 'checkout');
  const receipt = await payCash(page, '5', en.money(160));
  const orderNumber = (await receipt.locator('strong').first().textContent())!.trim();
  await readInBoth(page, 'receipt');
  await button(page, 'Back to start').click();
  await button(page, 'Log out').click();

  // A manager: the start, the review, the order's detail with its history, the audit trail,
  // the reports, the drawer, the settings (with a connection test) and the sync panel.
  await login(page, 'mark', '9999');
  await readInBoth(page, 'start (manager)');
  await managerPart(page, 'Orders');
  await button(page, 'Show orders').click();
  await expect(button(page, `Details of order ${orderNumber}`)).toBeVisible();
  await readInBoth(page, 'order review');
  await button(page, `Details of order ${orderNumber}`).click();
  await expect(page.getByRole('list', { name: 'What happened' })).toBeVisible();
  await readInBoth(page, 'order detail');
  await managerPart(page, 'Cash drawer and day close');
  await readInBoth(page, 'drawer');
  await managerPart(page, 'Reports');
  await readInBoth(page, 'reports');
  await managerPart(page, 'Audit trail');
  await expect(page.getByRole('table', { name: 'Audit trail' }).or(page.getByText('Nothing recorded in these days.'))).toBeVisible();
  await readInBoth(page, 'audit trail');
  await button(page, 'Back to start').click();
  await button(page, 'Settings').click();
  await button(page, 'Test connection').click();
  await expect(page.getByRole('list', { name: 'Connection checks' })).toBeVisible();
  await readInBoth(page, 'settings');
  await button(page, 'Sync status').click();
  await expect(page.getByRole('heading', { name: 'Sync with the central' })).toBeVisible();
  await readInBoth(page, 'sync panel');
});

test('a manager’s logout leaves no refused row in the audit trail', async ({ page, counter }) => {
  await openAndLogin(page, counter.url, 'mark', '9999');
  await button(page, 'Log out').click();
  await login(page, 'mark', '9999');
  await managerPart(page, 'Audit trail');
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.or(page.getByText('Nothing recorded in these days.'))).toBeVisible();
  await expect(page.getByRole('cell', { name: 'refused', exact: true })).toHaveCount(0);
});
