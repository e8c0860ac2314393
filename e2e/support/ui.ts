import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SCREENS_DIR } from './counter';

/**
 * Steps of the counter's screens, by the accessible names of renderer/README.md (English).
 * Every wait is on something the screen shows; nothing sleeps.
 */

export const en = {
  money: (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100),
  /** A local calendar day (YYYY-MM-DD) as a date field of the English screen writes it. */
  day: (day: string) => day.split('-').reverse().join('/'),
  /** A local calendar day (YYYY-MM-DD) as the renderer shows it. */
  date: (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(y, m - 1, d));
  },
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day as a date input takes it (YYYY-MM-DD). */
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The local calendar day `days` from today, as a date input takes it. */
export function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return dayOf(d);
}
/** The birthdate of someone `years` old today, two months past a birthday (never on the edge). */
export function birthdateForAge(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setMonth(d.getMonth() - 2);
  return dayOf(d);
}

/** Saves a full-page screenshot as e2e-artifacts/screens/NAME.png and attaches it to the report. */
export async function screen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await mkdir(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name}.png`);
  // A full-page shot of a scrolled page leaves Chromium's scroll position half-restored (the
  // next mouse press snaps it back under the pointer): shoot from the top, then scroll back.
  const scroll = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo(0, 0);
    return at;
  });
  await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
  await page.evaluate(({ x, y }) => window.scrollTo(x, y), scroll);
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });

/** Opens the counter and waits for the login screen; the app starts in Dutch (the catalogue's first language). */
export async function openCounter(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('group', { name: /Taal|Language/ })).toBeVisible();
}

/** Switches the counter to English (a setting of the counter, kept in its data folder). */
export async function useEnglish(page: Page): Promise<void> {
  const english = button(page, 'EN English');
  await english.click();
  await expect(english).toHaveAttribute('aria-pressed', 'true');
}

export async function login(page: Page, staffId = 'anna', pin = '1234'): Promise<void> {
  await page.getByLabel('Staff member').selectOption(staffId);
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await button(page, 'Log in').click();
  await expect(button(page, 'Log out')).toBeVisible();
}

/** Open, English, logged in as Anna (clerk): the start screen. */
export async function openAndLogin(page: Page, url: string, staffId = 'anna', pin = '1234'): Promise<void> {
  await openCounter(page, url);
  await useEnglish(page);
  await login(page, staffId, pin);
  await expect(button(page, 'New sale')).toBeVisible();
}

/** The first run of a counter beside a real central: the first manager, who is then logged in. */
export async function setUpFirstManager(page: Page, url: string, name = 'Petra Bos', pin = '246810'): Promise<void> {
  await openCounter(page, url);
  await useEnglish(page);
  await expect(page.getByRole('heading', { name: 'Set up this counter' })).toBeVisible();
  await page.getByLabel('Manager’s name').fill(name);
  await page.getByLabel('New PIN', { exact: true }).fill(pin);
  await page.getByLabel('New PIN again').fill(pin);
  await button(page, 'Set up and log in').click();
  await expect(button(page, 'New sale')).toBeVisible();
}

export async function newSale(page: Page): Promise<void> {
  await button(page, 'New sale').first().click();
  await expect(page.getByLabel('Search products')).toBeVisible();
}

/** A product of the tree (by its name) that needs a step first: shown in the product card. */
export async function pickProduct(page: Page, name: string): Promise<void> {
  await button(page, name).click();
  await expect(productCard(page, name)).toBeVisible();
}

/** A product that needs nothing first: one touch puts its line on the order (with an undo). */
export async function touchProduct(page: Page, name: string): Promise<Locator> {
  await button(page, name).click();
  const line = orderLine(page, name);
  await expect(line).toBeVisible();
  await expect(button(page, `Undo ${name}`)).toBeVisible();
  return line;
}

export const productCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** "Add to order", and the line it made. */
export async function addToOrder(page: Page, productName: string): Promise<Locator> {
  await button(page, 'Add to order').click();
  const line = orderLine(page, productName);
  await expect(line).toBeVisible();
  return line;
}

/** A line of the order, by its product name ("1 × Enkele reis stad"). */
export const orderLine = (page: Page, productName: string) =>
  page
    .getByRole('list', { name: 'Order lines' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: productName }) });

export const remarks = (page: Page) => page.getByRole('list', { name: 'Remarks and errors' });

/** The order has nothing left to resolve and "Pay" opens. */
export async function expectComplete(page: Page): Promise<void> {
  await expect(page.getByText('Nothing is missing: the order is complete.')).toBeVisible();
  await expect(button(page, 'Pay')).toBeEnabled();
}

export async function toCheckout(page: Page): Promise<void> {
  await button(page, 'Pay').click();
  await expect(checkoutPanel(page)).toBeVisible();
}

/** The checkout's summary: "Payment K1234-000001", total, paid, still to pay. */
export const checkoutPanel = (page: Page) => page.getByRole('region', { name: /^Payment \S+-\d+$/ });

/** The order number the checkout shows ("Payment K1A2B-000001"). */
export async function checkoutOrderNumber(page: Page): Promise<string> {
  const heading = await checkoutPanel(page).getByRole('heading', { level: 2 }).textContent();
  return (heading ?? '').replace(/^Payment\s*/, '').trim();
}

/** Finds a token by what the clerk types and answers its match. */
export async function findToken(page: Page, text: string, alias: string): Promise<Locator> {
  await page.getByLabel('Search token').fill(text);
  await button(page, 'Find token').click();
  const use = button(page, `Use token ${alias}`);
  await expect(use).toBeVisible();
  return use;
}

/**
 * Cash (the method the checkout has ready after a cash sale; chosen here in case it is not):
 * the amount handed over, the change shown (or that none is due, for the exact amount), confirmed:
 * paid, delivered, the receipt.
 */
export async function payCash(page: Page, tendered: string, change: string): Promise<Locator> {
  const cash = button(page, 'Cash');
  if ((await cash.getAttribute('aria-pressed')) !== 'true') await cash.click();
  await page.getByLabel('Amount tendered').fill(tendered);
  await expect(page.getByText(change === en.money(0) ? 'No change due' : `Change: ${change}`)).toBeVisible();
  await button(page, 'Confirm cash payment').click();
  return deliveredReceipt(page);
}

/** Paid in full: the sale is delivered at once and the receipt shows. */
export async function deliveredReceipt(page: Page): Promise<Locator> {
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('Delivered');
  return receipt;
}

export interface BillingCustomer {
  birthname: string;
  surname: string;
  email: string;
  dateOfBirth: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
}

/** The demo's billing customer of a direct debit. */
export const NOOR: BillingCustomer = {
  birthname: 'Noor',
  surname: 'Bakker',
  email: 'noor.bakker@example.org',
  dateOfBirth: '1995-09-30',
  street: 'Oudegracht',
  houseNumber: '12',
  postalCode: '3511 AB',
  city: 'Utrecht',
};

/** The billing customer, in its own dialog over the checkout. */
export async function fillBillingCustomer(page: Page, c: BillingCustomer): Promise<void> {
  await button(page, 'Add billing customer').click();
  const form = page.getByRole('dialog', { name: 'Billing customer' });
  await form.getByLabel('First name').fill(c.birthname);
  await form.getByLabel('Surname').fill(c.surname);
  await form.getByLabel('E-mail address').fill(c.email);
  await form.getByLabel('Date of birth').fill(c.dateOfBirth);
  await form.getByLabel('Street').fill(c.street);
  await form.getByLabel('House number', { exact: true }).fill(c.houseNumber);
  await form.getByLabel('Postal code').fill(c.postalCode);
  await form.getByLabel('City').fill(c.city);
  await button(form, 'Save billing customer').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(`Billing customer:`)).toBeVisible();
}

/** How far apart a scanner's keys are, on the keys' own clock (under the scanner's 40 ms rule). */
const SCANNER_KEY_GAP_S = 0.005;

/**
 * A barcode scanner: the code as one burst of keys ending in Enter. The keys go in through
 * Chromium's input layer with their own time stamps 5 ms apart, which is what the page's
 * scanner rule reads (event.timeStamp), so a loaded machine that delivers them slowly still
 * delivers a burst. `slow` hands the keys from `after` on over only once `until` has happened.
 */
export async function scan(page: Page, code: string, slow?: { after: number; until: () => Promise<void> }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code].map((ch) => ({ key: ch, text: ch })).concat({ key: 'Enter', text: '\r' });
  try {
    for (const [i, { key, text }] of keys.entries()) {
      // A machine too busy to hand the burst over at once: the rest waits for `until`.
      if (i === slow?.after) await slow.until();
      const timestamp = start + i * SCANNER_KEY_GAP_S;
      const named = key === 'Enter' ? { code: 'Enter', windowsVirtualKeyCode: 13 } : {};
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text, timestamp, ...named });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp, ...named });
    }
  } finally {
    await cdp.detach();
  }
}

/** A person at the keyboard: well over the scanner's 40 ms between keys. */
export async function typeByHand(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 90 });
}

/**
 * Moves the focus with Tab (Shift+Tab when `backwards`) until `target` has it; fails after
 * `max` presses. Keyboard only: no clicks, no focus() calls.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${max} presses of Tab`).toBeFocused({ timeout: 1 });
}

export interface Actions {
  /** Pointer presses and key presses since countActions, as the page saw them. */
  read: () => Promise<{ pointer: number; keys: number }>;
}

/** Counts every pointer press and key press the page receives from now on. */
export async function countActions(page: Page): Promise<Actions> {
  await page.evaluate(() => {
    const w = window as unknown as { e2eActions?: { pointer: number; keys: number } };
    if (!w.e2eActions) {
      window.addEventListener('pointerdown', () => w.e2eActions!.pointer++, { capture: true });
      window.addEventListener('keydown', () => w.e2eActions!.keys++, { capture: true });
    }
    w.e2eActions = { pointer: 0, keys: 0 };
  });
  return {
    read: () => page.evaluate(() => ({ ...(window as unknown as { e2eActions: { pointer: number; keys: number } }).e2eActions })),
  };
}
