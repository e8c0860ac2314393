import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  addToOrder,
  button,
  checkoutPanel,
  deliveredReceipt,
  en,
  expectComplete,
  fillBillingCustomer,
  NOOR,
  findToken,
  login,
  newSale,
  openAndLogin,
  openCounter,
  orderLine,
  pickProduct,
  productCard,
  remarks,
  touchProduct,
  useEnglish,
} from './support/ui';

/**
 * The everyday at the counter's smallest screen (1024×768): no sale dropped unseen (the
 * question when a sale is open, parking, resuming, offered at logout and login), keys never
 * lost at any speed, the focus never left on the page's body.
 */

test.use({ viewport: { width: 1024, height: 768 } });

const search = (page: Page) => page.getByLabel('Search products');
const focusOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

test('the PIN, then Enter, F2, a quick key, Enter, Enter typed with no pause sells a ticket right after the login, 20 times out of 20', async ({
  page,
  counter,
}) => {
  // Twenty logins, sales and logouts on a shared two-core machine.
  test.setTimeout(300_000);
  await openCounter(page, counter.url);
  await useEnglish(page);
  const pin = page.getByLabel('PIN', { exact: true });
  // The language button keeps the focus it was pressed with (docs/counter.md §12.3): the clerk clicks into the PIN once.
  await pin.click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  const numbers = new Set<string>();
  for (let round = 1; round <= 20; round++) {
    // After each logout the login screen puts the focus in the PIN, never on the page's body.
    await expect(pin, `round ${round}`).toBeFocused();
    await expect(page.getByLabel('Staff member')).toHaveValue('anna');
    await page.keyboard.type('1234');
    // The keys after Enter arrive while the login goes through: they are for the start screen.
    for (const key of ['Enter', 'F2', '8', 'Enter', 'Enter']) await page.keyboard.press(key);
    await expect(receipt, `round ${round}`).toContainText('Delivered');
    await expect(receipt, `round ${round}`).toContainText('Enkele reis stad');
    await expect(button(page, 'New sale'), `round ${round}`).toBeFocused();
    numbers.add(
      (await receipt
        .getByText(/^K\w+-\d{6}$/)
        .first()
        .textContent()) ?? `round ${round}`,
    );
    await button(page, 'Log out').click();
  }
  expect(numbers.size).toBe(20);
});

test('F2, a quick key, Enter, Enter typed with no pause between the keys sells a ticket, 20 times out of 20', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  const numbers = new Set<string>();
  for (let round = 1; round <= 20; round++) {
    // No wait between the keys: each is sent as soon as the page took the one before.
    for (const key of ['F2', '8', 'Enter', 'Enter']) await page.keyboard.press(key);
    await expect(receipt, `round ${round}`).toContainText('Delivered');
    await expect(receipt, `round ${round}`).toContainText('Enkele reis stad');
    await expect(receipt, `round ${round}`).toContainText(`tendered ${en.money(340)}`);
    await expect(button(page, 'New sale'), `round ${round}`).toBeFocused();
    const number = await receipt
      .getByText(/^K\w+-\d{6}$/)
      .first()
      .textContent();
    numbers.add(number ?? `round ${round}`);
  }
  // Twenty sales, each its own order: no key landed in another customer's sale.
  expect(numbers.size).toBe(20);
  await expect(search(page)).toHaveCount(0);
});

test('a new sale while one is open asks: go back keeps it, park lists it, and another clerk resumes it', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await page.keyboard.press('F2');
  await expect(search(page)).toBeFocused();
  await page.keyboard.press('8');
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();
  const number = (await page.locator('.order-number').textContent())!;

  // F2 again: the question, the focus on "Park it".
  await page.keyboard.press('F2');
  const question = page.getByRole('dialog', { name: 'A sale is open' });
  await expect(question).toContainText(`Order ${number}`);
  await expect(button(question, 'Park it')).toBeFocused();
  await expect(button(question, 'Cancel it')).toBeVisible();
  // Go back: the same sale, untouched.
  await button(question, 'Go back to the sale').click();
  await expect(question).toHaveCount(0);
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();

  // "New sale" asks too; park it: a new, empty sale.
  await button(page, 'New sale').click();
  await button(question, 'Park it').click();
  await expect(page.getByText('No order yet: choose a product to start one.')).toBeVisible();
  await expect(search(page)).toBeFocused();

  // Logging out offers the parked sale; log out anyway.
  await button(page, 'Log out').click();
  const offer = page.getByRole('dialog', { name: 'Unfinished sales' });
  await expect(button(offer, `Resume order ${number}`)).toBeVisible();
  await expect(button(offer, 'Log out anyway')).toBeFocused();
  await button(offer, 'Log out anyway').click();

  // Mark logs in: the parked sale is offered on the start screen, parked by Anna.
  await login(page, 'mark', '9999');
  const waiting = page.getByRole('region', { name: 'Parked and unfinished sales: 1' });
  await expect(waiting).toContainText('parked');
  await expect(waiting).toContainText('Anna de Vries');
  expect(await focusOnBody(page)).toBe(false);
  await button(waiting, `Resume order ${number}`).click();
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();
  await expect(page.locator('.order-number')).toHaveText(number);
  await expect(button(page, 'Pay')).toBeFocused();

  // Cancelled from the question, it is gone from the list.
  await page.keyboard.press('F2');
  await button(question, 'Cancel it').click();
  await expect(search(page)).toBeFocused();
  await button(page, 'Back to start').click();
  await expect(page.getByRole('region', { name: /Parked and unfinished sales/ })).toHaveCount(0);
});

test('in Dutch: the question and the list in Dutch words', async ({ page, counter }) => {
  await openCounter(page, counter.url);
  await page.getByLabel('Medewerker').selectOption('anna');
  await page.getByLabel('Pincode', { exact: true }).fill('1234');
  await button(page, 'Inloggen').click();
  expect(await focusOnBody(page)).toBe(false);
  await page.keyboard.press('F2');
  await page.keyboard.press('8');
  await expect(button(page, 'Betalen')).toBeFocused();
  await page.keyboard.press('F2');
  const question = page.getByRole('dialog', { name: 'Er staat een verkoop open' });
  await button(question, 'Parkeren').click();
  await button(page, 'Terug naar start').click();
  await expect(page.getByRole('region', { name: 'Geparkeerde en onafgemaakte verkopen: 1' })).toContainText('geparkeerd');
});

test('"Use token" puts the token on the line that needs one: the line is satisfied and Pay enables', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await pickProduct(page, 'Maandabonnement');
  await button(productCard(page, 'Maandabonnement'), 'Maandabonnement stad').click();
  const line = await addToOrder(page, 'Maandabonnement stad');
  await expect(remarks(page)).toContainText('The product needs a registered token of the customer.');
  await expect(button(page, 'Pay')).toBeDisabled();

  // Straight from the token search, without the remark's button first.
  await (await findToken(page, '3528 0100 0000 4411', 'Pas Jan')).click();
  await expect(line).toContainText('Pas Jan');
  await expectComplete(page);
  await expect(button(page, 'Pay')).toBeFocused();
});

test('a direct debit with an IBAN only: the billing customer first, the BIC filled in, Confirm says what it still needs', async ({
  page,
  counter,
}) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await pickProduct(page, 'Maandabonnement');
  await button(productCard(page, 'Maandabonnement'), 'Maandabonnement stad').click();
  const line = await addToOrder(page, 'Maandabonnement stad');
  await button(remarks(page), 'Add registered token').click();
  await (await findToken(page, '3528 0100 0000 6060', 'Pas Noor')).click();
  await expect(line).toContainText('Pas Noor');
  await button(remarks(page), 'Capture or find a mandate').click();
  await expect(checkoutPanel(page)).toBeVisible();

  // The billing customer is asked first: its button has the focus.
  await expect(button(page, 'Add billing customer')).toBeFocused();
  const confirm = button(page, 'Confirm direct debit');
  await expect(confirm).toBeDisabled();
  await expect(page.locator('#dd-missing')).toHaveText(
    'Still needed: the billing customer, a valid IBAN, the account holder, the place of signing.',
  );
  await fillBillingCustomer(page, NOOR);
  await page.getByLabel('IBAN').fill('NL91ABNA0417164300');
  // No BIC typed: the IBAN's bank gives it.
  await expect(page.getByLabel('BIC (optional)')).toHaveValue('ABNANL2A');
  await page.getByLabel('BIC (optional)').fill('');
  await page.getByLabel('Account holder').fill('N. Bakker');
  await expect(page.locator('#dd-missing')).toHaveText('Still needed: the place of signing.');
  await page.getByLabel('Place of signing').fill('Utrecht');
  await expect(confirm).toBeEnabled();
  await expect(page.locator('#dd-missing')).toHaveCount(0);
  await confirm.click();
  const receipt = await deliveredReceipt(page);
  await expect(receipt).toContainText('IBAN ending 4300, N. Bakker');
});

test('the focus is never on the page itself: after login, and when a refund opens', async ({ page, counter }) => {
  await openAndLogin(page, counter.url, 'mark', '9999');
  await expect(button(page, 'New sale')).toBeFocused();
  expect(await focusOnBody(page)).toBe(false);
  // A sale, then its refund from the manager's order detail.
  for (const key of ['F2', '8', 'Enter', 'Enter']) await page.keyboard.press(key);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Delivered');
  const number = (await receipt
    .getByText(/^K\w+-\d{6}$/)
    .first()
    .textContent())!;
  await button(page, 'Back to start').click();
  await button(page, 'Manager’s day').click();
  await button(page, `Details of order ${number}`).click();
  await button(page, `Refund order ${number}`).click();
  await expect(page.getByRole('radio', { name: /In full/ })).toBeFocused();
  expect(await focusOnBody(page)).toBe(false);
});

test('the focus after sending and after checking the e-mail code: the code field, then Save', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  const line = await touchProduct(page, 'Persoonlijke OV-pas');
  await button(remarks(page), 'Add token').click();
  await page.getByLabel('Pass number').fill('3528 0100 0000 1357');
  await page.getByLabel('Verification code').fill('X9Z4');
  await button(page, 'Use new pass').click();
  await expect(line).toContainText('3528 0100 0000 1357');
  await button(remarks(page), 'Add birthdate').click();
  await line.getByLabel('Birthdate').fill('1990-06-15');
  await line.getByLabel('E-mail address').fill('sanne@example.org');
  await button(line, 'Send code').click();
  const otp = line.getByLabel('One-time password');
  await expect(otp).toBeFocused();
  const demoCode = line.locator('.demo-code span');
  await expect(demoCode).toHaveText(/^\d{6}$/);
  await otp.fill((await demoCode.textContent())!);
  await button(line, 'Verify code').click();
  await expect(line.getByText('E-mail address verified.')).toBeVisible();
  await expect(button(line, 'Save personal data')).toBeFocused();
  expect(await focusOnBody(page)).toBe(false);
  await button(line, 'Save personal data').click();
  await expect(button(page, 'Pay')).toBeFocused();
});
