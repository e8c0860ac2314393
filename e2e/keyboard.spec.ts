import { expect, test } from './support/fixtures';
import {
  button,
  checkoutPanel,
  en,
  expectComplete,
  newSale,
  openAndLogin,
  openCounter,
  orderLine,
  scan,
  tabTo,
  typeByHand,
} from './support/ui';

/** Pas Jan's number as a scanner reads it off the card. */
const JAN = '3528010000004411';

test('a scan while the focus is in the product search goes to the token search', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  const productSearch = page.getByLabel('Search products');
  await productSearch.fill('Dag');
  await expect(productSearch).toBeFocused();
  await expect(button(page, 'Dagkaart kind')).toBeVisible();

  await scan(page, JAN);

  const tokenSearch = page.getByLabel('Search token');
  await expect(tokenSearch).toHaveValue(JAN);
  await expect(button(page, 'Use token Pas Jan')).toBeVisible();
  // Not one scanned character stayed behind in the field that had the focus.
  await expect(productSearch).toHaveValue('Dag');
  await expect(button(page, 'Dagkaart kind')).toBeVisible();

  // A person typing quickly without Enter is no scanner: the field gets every key.
  await productSearch.fill('');
  await page.keyboard.type('Enkele');
  await expect(productSearch).toHaveValue('Enkele');
  await expect(button(page, 'Enkele reis stad')).toBeVisible();
  await expect(tokenSearch).toHaveValue(JAN);
});

test('a scan the page gets late (its timer gave the first keys back) is still a scan, and leaves nothing in the field', async ({
  page,
  counter,
}) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  const productSearch = page.getByLabel('Search products');
  await productSearch.fill('Dag');

  // Half the burst, then nothing until the page's timer has given the held keys to the field,
  // as on a machine too busy to hand the burst over at once; then the rest, stamped 5 ms apart.
  await scan(page, JAN, { after: 8, until: () => expect(productSearch).toHaveValue(`Dag${JAN.slice(0, 8)}`) });

  const tokenSearch = page.getByLabel('Search token');
  await expect(tokenSearch).toHaveValue(JAN);
  await expect(button(page, 'Use token Pas Jan')).toBeVisible();
  await expect(productSearch).toHaveValue('Dag');
});

test('a scan on the start screen opens a new sale with the token found', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await page.getByLabel('Search orders').fill('K');
  await scan(page, JAN);
  await expect(page.getByLabel('Search token')).toHaveValue(JAN);
  await expect(button(page, 'Use token Pas Jan')).toBeVisible();
  await expect(page.getByText('No order yet: choose a product to start one.')).toBeVisible();
});

test('a whole sale with the keyboard only', async ({ page, counter }) => {
  await openCounter(page, counter.url);
  // Any press of a pointer during the test is counted, and must stay at none.
  await page.evaluate(() => {
    const w = window as unknown as { e2ePointerPresses: number };
    w.e2ePointerPresses = 0;
    window.addEventListener('pointerdown', () => w.e2ePointerPresses++, { capture: true });
  });

  // Language and login: Tab, Space, digits, Enter.
  const english = button(page, 'EN English');
  await tabTo(page, english);
  await page.keyboard.press('Space');
  await expect(english).toHaveAttribute('aria-pressed', 'true');
  const staff = page.getByLabel('Staff member');
  await tabTo(page, staff);
  await expect(staff).toHaveValue('anna');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await expect(button(page, 'Log out')).toBeVisible();

  // F2: a new sale, the focus in the product search; quick key 8 (the catalogue's eighth
  // sellable product, the single ride) adds it at once; Pay has the focus.
  await page.keyboard.press('F2');
  const search = page.getByLabel('Search products');
  await expect(search).toBeFocused();
  await expect(button(page, '8 Enkele reis stad')).toBeVisible();
  await page.keyboard.press('8');
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();
  await expect(search).toHaveValue('');
  await expectComplete(page);
  await expect(button(page, 'Pay')).toBeFocused();

  // Enter: the checkout, cash ready and its amount focused; typed by hand, Enter: paid,
  // delivered, the receipt with the change, the focus on "New sale".
  await page.keyboard.press('Enter');
  await expect(checkoutPanel(page)).toBeVisible();
  const tendered = page.getByLabel('Amount tendered');
  await expect(tendered).toBeFocused();
  await typeByHand(page, '10');
  await expect(tendered).toHaveValue('10');
  await expect(page.getByText(`Change: ${en.money(660)}`)).toBeVisible();
  await page.keyboard.press('Enter');
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Enkele reis stad');
  await expect(receipt).toContainText('Delivered');
  await expect(page.getByRole('region', { name: 'Change due' })).toContainText(en.money(660));
  await expect(button(page, 'New sale')).toBeFocused();

  // And F2 again from the receipt: the next customer.
  await page.keyboard.press('F2');
  await expect(page.getByText('No order yet: choose a product to start one.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { e2ePointerPresses: number }).e2ePointerPresses)).toBe(0);
});
