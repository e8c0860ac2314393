import { printedText, kicksDrawer, startFakePrinter, type FakePrinter } from '../devtools/escposPrinter/fakePrinter';
import { startCounter, type RunningCounter } from './support/counter';
import { expect, test as base } from './support/fixtures';
import {
  addToOrder,
  birthdateForAge,
  button,
  en,
  newSale,
  openAndLogin,
  payCash,
  pickProduct,
  productCard,
  remarks,
  toCheckout,
  touchProduct,
} from './support/ui';

/**
 * The receipt printer, the drawer and the customer display (docs/api.md §9.3, §9.4) in the
 * browser shell, with a fake network ESC/POS printer as the counter's printer.
 */

const test = base.extend<{ printer: FakePrinter }>({
  printer: async ({}, use) => {
    const printer = await startFakePrinter();
    try {
      await use(printer);
    } finally {
      await printer.close();
    }
  },
  // The shell reads the machine's configuration as it starts: the printer comes from the environment.
  counter: async ({ printer }, use) => {
    process.env.COUNTER_PRINTER_URL = printer.url;
    let counter: RunningCounter;
    try {
      counter = await startCounter();
    } finally {
      delete process.env.COUNTER_PRINTER_URL;
    }
    try {
      await use(counter);
    } finally {
      await counter.close();
    }
  },
});

/** The printer's jobs as text, once `count` have arrived. */
async function jobs(printer: FakePrinter, count: number): Promise<string[]> {
  await printer.nextJob(count - 1);
  return printer.jobs.map(printedText);
}

test('a cash sale opens the drawer and prints the change; a reprint says DUPLICATE', async ({ page, counter, printer }) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  await toCheckout(page);
  const receipt = await payCash(page, '5', en.money(160));
  await expect(receipt).toBeVisible();

  await printer.nextJob(1);
  expect(kicksDrawer(printer.jobs[0]!)).toBe(true);
  const original = printedText(printer.jobs[1]!);
  expect(original).toMatch(/Tendered +€5\.00/);
  expect(original).toMatch(/Change +€1\.60/);
  expect(original).not.toContain('DUPLICATE');
  await expect(page.getByText('The receipt was printed.')).toBeVisible();

  await button(page, 'Print again').click();
  const [, , reprint] = await jobs(printer, 3);
  expect(reprint).toContain('DUPLICATE');
  expect(kicksDrawer(printer.jobs[2]!)).toBe(false);
});

test('paper out: the sale completes, the clerk sees why, and prints again once the paper is in', async ({ page, counter, printer }) => {
  await openAndLogin(page, counter.url);
  printer.set('paperOut');
  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  await toCheckout(page);
  await payCash(page, '5', en.money(160));

  await expect(page.getByRole('alert').filter({ hasText: 'out of paper' })).toBeVisible();
  await expect(page.locator('.device-trouble')).toContainText('Receipt printer: paper out');
  // Only the drawer opened.
  expect(printer.jobs.map(kicksDrawer)).toEqual([true]);

  printer.set('ready');
  await button(page, 'Print again').click();
  await expect(page.getByText('The receipt was printed.')).toBeVisible();
  const [, receipt] = await jobs(printer, 2);
  // The first print that reached the paper is the original.
  expect(receipt).toMatch(/Change +€1\.60/);
  expect(receipt).not.toContain('DUPLICATE');
  await expect(page.locator('.device-trouble')).toHaveCount(0);
});

test('the customer display follows the sale beside it, with no personal data on it', async ({ page, counter, context }) => {
  await openAndLogin(page, counter.url);
  const [display] = await Promise.all([context.waitForEvent('page'), button(page, 'Customer display').click()]);
  await expect(display.getByText('Welkom')).toBeVisible();

  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  const total = display.locator('[data-sum="total"]');
  await expect(total).toHaveText('€3.40');
  await expect(display.locator('[data-sum="due"]')).toHaveText('€3.40');
  await expect(display.getByText('Enkele reis stad')).toBeVisible();

  await toCheckout(page);
  await payCash(page, '5', en.money(160));
  await expect(display.locator('[data-sum="change"]')).toHaveText('€1.60');
  await expect(display.locator('[data-sum="due"]')).toHaveCount(0);
  const shown = (await display.locator('body').innerText()).toLowerCase();
  for (const personal of ['@', 'iban', 'nl91', 'anna', 'birth']) expect(shown).not.toContain(personal);

  await button(page, 'New sale').first().click();
  await expect(display.getByText('Welkom')).toBeVisible();
  await expect(total).toHaveCount(0);
});

test('a child’s birthdate and pass on the sale never reach the customer display', async ({ page, counter, context }) => {
  await openAndLogin(page, counter.url);
  const [display] = await Promise.all([context.waitForEvent('page'), button(page, 'Customer display').click()]);
  await newSale(page);
  await pickProduct(page, 'Dagkaart');
  await button(productCard(page, 'Dagkaart'), 'Dagkaart kind').click();
  const line = await addToOrder(page, 'Dagkaart kind');
  await button(remarks(page), 'Add token').click();
  await expect(page.getByLabel('Search token')).toBeFocused();
  await page.getByLabel('Pass number').fill('3528 0100 0000 2468');
  await page.getByLabel('Verification code').fill('K7Q2');
  await button(page, 'Use new pass').click();
  await expect(line).toContainText('3528 0100 0000 2468');
  await button(line, 'Edit Dagkaart kind').click();
  await button(line, 'Personal data').click();
  const personal = page.getByRole('dialog', { name: 'Personal data: Dagkaart kind' });
  const birthdate = birthdateForAge(7);
  await personal.getByLabel('Birthdate').fill(birthdate);
  await button(personal, 'Save personal data').click();
  await expect(line).toContainText(en.date(birthdate));

  await expect(display.locator('[data-sum="total"]')).toHaveText(en.money(475));
  await expect(display.getByText('Dagkaart kind')).toBeVisible();
  const shown = await display.locator('body').innerText();
  for (const personalData of [birthdate, en.date(birthdate), '2468', 'K7Q2']) expect(shown).not.toContain(personalData);
});
