import { centralOrders, embeddedCentral } from './support/central';
import { localOrder } from './support/counter';
import { expect, test } from './support/fixtures';
import {
  addToOrder,
  birthdateForAge,
  button,
  checkoutOrderNumber,
  checkoutPanel,
  deliveredReceipt,
  en,
  expectComplete,
  fillBillingCustomer,
  NOOR,
  findToken,
  localDay,
  login,
  newSale,
  openAndLogin,
  openCounter,
  pickProduct,
  productCard,
  payCash,
  remarks,
  screen,
  toCheckout,
  touchProduct,
  useEnglish,
} from './support/ui';

test('a plain ticket: cash with change, delivered, receipt', async ({ page, counter }, testInfo) => {
  await openCounter(page, counter.url);
  await useEnglish(page);
  await expect(page.getByRole('heading', { name: 'Who is at the counter?' })).toBeVisible();
  await screen(page, testInfo, 'login');
  await login(page);
  await expect(page.getByText('At the counter: Anna de Vries')).toBeVisible();
  await expect(page.getByText('Demo central (embedded)')).toBeVisible();
  await screen(page, testInfo, 'start');

  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  await expectComplete(page);
  await expect(page.getByRole('region', { name: /^Order/ })).toContainText(en.money(340));

  await toCheckout(page);
  const receipt = await payCash(page, '5', en.money(160));
  await expect(receipt).toContainText(`tendered ${en.money(500)}, change ${en.money(160)}`);
  await expect(receipt).toContainText('Enkele reis stad');
  await expect(receipt).toContainText(en.money(340));
  await expect(receipt).toContainText('Thank you and have a good journey.');
  await expect(button(page, 'Print receipt')).toBeVisible();
  await screen(page, testInfo, 'receipt');
});

test('a product choice: Dagkaart, the adult variant, a later start date', async ({ page, counter }, testInfo) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await pickProduct(page, 'Dagkaart');
  // A product with variants asks which one before it can be added.
  const card = productCard(page, 'Dagkaart');
  await expect(card.getByRole('group', { name: 'Choose which one' })).toBeVisible();
  await expect(button(card, 'Add to order')).toHaveCount(0);
  await screen(page, testInfo, 'products');
  await button(card, 'Dagkaart volwassene').click();

  const adult = productCard(page, 'Dagkaart volwassene');
  await expect(adult).toContainText(en.money(950));
  const start = adult.getByLabel('Start date');
  // Written the app's way (dd/mm/yyyy in English), whatever the browser's locale.
  await expect(start).toHaveValue(en.day(localDay(0)));
  // Beyond 60 days is refused on the spot; two days ahead is fine.
  await start.fill(localDay(70));
  await expect(adult.getByRole('alert')).toContainText('Too far ahead');
  await expect(button(adult, 'Add to order')).toBeDisabled();
  await start.fill(localDay(2));
  await expect(adult.getByRole('alert')).toHaveCount(0);

  const line = await addToOrder(page, 'Dagkaart volwassene');
  await expect(line).toContainText(`${en.date(localDay(2))} to ${en.date(localDay(3))}`);
  await expectComplete(page);

  await toCheckout(page);
  await expect(button(page, 'Cash')).toHaveAttribute('aria-pressed', 'true');
  await button(page, `Exact ${en.money(950)}`).click();
  const receipt = await deliveredReceipt(page);
  await expect(page.getByRole('heading', { name: 'No change due' })).toBeVisible();
  await expect(receipt).toContainText('Dagkaart volwassene');
  await expect(receipt).toContainText(en.date(localDay(2)));
  await expect(receipt).toContainText(en.money(950));
});

test("a child day ticket on a new anonymous pass, with the child's birthdate", async ({ page, counter }, testInfo) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await pickProduct(page, 'Dagkaart');
  await button(productCard(page, 'Dagkaart'), 'Dagkaart kind').click();
  await expect(productCard(page, 'Dagkaart kind')).toContainText(en.money(475));
  const line = await addToOrder(page, 'Dagkaart kind');

  // It must go on a token: the remark says so and payment stays closed.
  const needed = remarks(page);
  await expect(needed).toContainText('The product must be put on a token');
  await expect(button(page, 'Pay')).toBeDisabled();
  await screen(page, testInfo, 'remarks');
  await button(needed, 'Add token').click();
  await expect(page.getByLabel('Search token')).toBeFocused();
  await expect(page.getByText('Choose a token for: Dagkaart kind.')).toBeVisible();

  await page.getByLabel('Pass number').fill('3528 0100 0000 2468');
  await page.getByLabel('Verification code').fill('K7Q2');
  await button(page, 'Use new pass').click();
  await expect(line).toContainText('3528 0100 0000 2468');
  await expect(page.getByText('Choose a token for: Dagkaart kind.')).toHaveCount(0);

  // The birthdate, checked against the product's ages (4 to 11) on its start date.
  await button(line, 'Edit Dagkaart kind').click();
  await button(line, 'Personal data').click();
  const personal = page.getByRole('dialog', { name: 'Personal data: Dagkaart kind' });
  const birthdate = personal.getByLabel('Birthdate');
  await expect(birthdate).toBeFocused();
  await birthdate.fill(birthdateForAge(30));
  await expect(personal.getByText('Does not fit the product (ages 4 to 11)')).toBeVisible();
  await birthdate.fill(birthdateForAge(7));
  await expect(personal.getByText('Age on')).toContainText(': 7.');
  await expect(personal.getByText('Fits the product (ages 4 to 11)')).toBeVisible();
  await button(personal, 'Save personal data').click();
  await expect(personal).toHaveCount(0);
  await expect(line).toContainText(en.date(birthdateForAge(7)));
  await expectComplete(page);

  await toCheckout(page);
  const receipt = await payCash(page, '10', en.money(525));
  await expect(receipt).toContainText('Dagkaart kind');
  await expect(receipt).toContainText(en.money(475));
});

const JAN_BILLING = {
  birthname: 'Jan',
  surname: 'Jansen',
  email: 'jan.jansen@example.org',
  dateOfBirth: '1980-04-12',
  street: 'Stationsplein',
  houseNumber: '1',
  postalCode: '3511 ED',
  city: 'Utrecht',
};

test('a subscription on a registered pass whose customer has a signed mandate', async ({ page, counter }, testInfo) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  // The token first: the lines added next go onto it.
  const use = await findToken(page, '3528 0100 0000 4411', 'Pas Jan');
  const match = page.getByRole('article', { name: 'Pas Jan' });
  await expect(match).toContainText('Active');
  await expect(match).toContainText('customer 50001');
  await screen(page, testInfo, 'tokens');
  await use.click();
  await expect(page.getByText('Token for this sale: Pas Jan')).toBeVisible();

  await pickProduct(page, 'Maandabonnement');
  await button(productCard(page, 'Maandabonnement'), 'Maandabonnement stad').click();
  const card = productCard(page, 'Maandabonnement stad');
  await expect(card.getByText('The chosen token will be attached to this line.')).toBeVisible();
  const line = await addToOrder(page, 'Maandabonnement stad');
  await expect(line).toContainText('Pas Jan');
  await expect(line).toContainText(`${en.date(localDay(0))} to ${en.date(localDay(30))}`);
  // The customer's signed mandate: nothing is missing.
  await expectComplete(page);

  await toCheckout(page);
  await button(page, 'Direct debit').click();
  await expect(page.getByText(/Still needed: the billing customer/)).toBeVisible();
  await fillBillingCustomer(page, JAN_BILLING);
  await expect(page.getByRole('heading', { name: 'Signed mandates of customer 50001' })).toBeVisible();
  const orderNumber = await checkoutOrderNumber(page);
  await button(page, 'Use mandate MDT-50001-01').click();
  const receipt = await deliveredReceipt(page);

  // The mandate is the payment's PSP reference, and so it reaches the central (sync sends the
  // local payment id as the operator's reference).
  const local = await localOrder(counter.shell.core, orderNumber);
  expect(local.payments[0]!.pspPaymentReference).toBe('MDT-50001-01');
  const central = embeddedCentral(counter.shell);
  await expect
    .poll(async () => (await centralOrders(central, { externalOrderId: local.orderId }))[0]?.payments[0]?.pspPaymentReference)
    .toBe('MDT-50001-01');

  await expect(receipt).toContainText('Maandabonnement stad');
  await expect(receipt).toContainText(`Direct debit: ${en.money(9900)} — Settled`);
});

test('a subscription that needs a mandate: a wrong IBAN refused, then a new mandate', async ({ page, counter }, testInfo) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await pickProduct(page, 'Maandabonnement');
  await button(productCard(page, 'Maandabonnement'), 'Maandabonnement stad').click();
  const line = await addToOrder(page, 'Maandabonnement stad');
  const needed = remarks(page);
  await expect(needed).toContainText('The product needs a registered token of the customer.');
  await button(needed, 'Add registered token').click();
  await expect(page.getByText('This product needs a registered token')).toBeVisible();
  await (await findToken(page, '3528 0100 0000 6060', 'Pas Noor')).click();
  await expect(line).toContainText('Pas Noor');

  // Noor has no signed mandate: only a direct debit with a new one can pay.
  await expect(needed).toContainText('A signed direct debit mandate is needed.');
  await expect(page.getByText('Only a mandate is missing: pay by direct debit with a new mandate.')).toBeVisible();
  await button(needed, 'Capture or find a mandate').click();
  await expect(checkoutPanel(page)).toBeVisible();
  await expect(button(page, 'Direct debit')).toHaveAttribute('aria-pressed', 'true');
  await expect(button(page, 'Cash')).toBeDisabled();
  await expect(button(page, 'PIN')).toBeDisabled();

  await fillBillingCustomer(page, NOOR);
  const iban = page.getByLabel('IBAN');
  const confirm = button(page, 'Confirm direct debit');
  await page.getByLabel('BIC').fill('ABNANL2A');
  await page.getByLabel('Account holder').fill('N. Bakker');
  await page.getByLabel('Place of signing').fill('Utrecht');
  await page.getByLabel('Mandate type').selectOption({ label: 'paper contract' });
  // Wrong check digits: refused before anything is sent.
  await iban.fill('NL92ABNA0417164300');
  await expect(page.getByText('This IBAN is not valid: its check digits do not match.')).toBeVisible();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toBeDisabled();
  await iban.fill('NL91ABNA0417164300');
  await expect(page.getByText('The IBAN is valid.')).toBeVisible();
  await expect(confirm).toBeEnabled();
  await screen(page, testInfo, 'checkout');
  await confirm.click();

  const receipt = await deliveredReceipt(page);
  await expect(receipt).toContainText('Maandabonnement stad');
  // Only the IBAN's last four characters are ever shown.
  await expect(receipt).toContainText('IBAN ending 4300, N. Bakker');
  await expect(page.getByText('NL91ABNA0417164300')).toHaveCount(0);
});

test('a personal pass on a new pass: birthdate, e-mail check and a photo from the camera', async ({ page, counter }, testInfo) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  const line = await touchProduct(page, 'Persoonlijke OV-pas');
  const needed = remarks(page);
  await expect(needed).toContainText('The product must be put on a token');
  await expect(needed).toContainText("The traveller's birthdate is needed.");

  await button(needed, 'Add token').click();
  await page.getByLabel('Pass number').fill('3528 0100 0000 1357');
  await page.getByLabel('Verification code').fill('X9Z4');
  await button(page, 'Use new pass').click();
  await expect(line).toContainText('3528 0100 0000 1357');

  await button(needed, 'Add birthdate').click();
  const birthdate = line.getByLabel('Birthdate');
  await expect(birthdate).toBeFocused();
  await line.getByLabel('Name').fill('Sanne de Boer');
  await birthdate.fill('1990-06-15');

  // The e-mail challenge: the demo central shows the code it "sent".
  await line.getByLabel('E-mail address').fill('sanne@example.org');
  await button(line, 'Send code').click();
  const demoCode = line.locator('.demo-code span');
  await expect(demoCode).toHaveText(/^\d{6}$/);
  await line.getByLabel('One-time password').fill((await demoCode.textContent())!);
  await button(line, 'Verify code').click();
  await expect(line.getByText('E-mail address verified.')).toBeVisible();

  // The photo from Chromium's fake camera: a live preview, then the capture.
  await button(line, 'Start camera').click();
  const preview = line.getByLabel('Camera preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await button(line, 'Take photo').click();
  const photo = line.getByRole('img', { name: 'Passport photo' });
  await expect(photo).toBeVisible();
  expect(await photo.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  await expect(button(line, 'Retake photo')).toBeVisible();
  await screen(page, testInfo, 'personal-data');

  await button(line, 'Save personal data').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(line).toContainText(en.date('1990-06-15'));
  await expectComplete(page);
  await expect(button(page, 'Pay')).toBeFocused();

  await toCheckout(page);
  const receipt = await payCash(page, '7,50', en.money(0));
  await expect(receipt).toContainText('Persoonlijke OV-pas');
  await expect(receipt).toContainText(en.money(750));
});

test('a top-up on a registered pass, paid by PIN on a stand-alone terminal after a declined attempt', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  const line = await touchProduct(page, 'Saldo opladen');
  const needed = remarks(page);
  await expect(needed).toContainText('The product needs a registered token of the customer.');
  await button(needed, 'Add registered token').click();
  // Noor's pass by its last digits.
  await (await findToken(page, '6060', 'Pas Noor')).click();
  await expect(line).toContainText('Pas Noor');
  await expectComplete(page);

  await toCheckout(page);
  await button(page, 'PIN').click();
  await button(page, 'Start PIN payment').click();
  // This shell has no terminal: the clerk says what the stand-alone terminal showed (docs/counter.md §15).
  await expect(page.getByText(`No terminal is attached to this counter: take ${en.money(1000)} on the stand-alone terminal`)).toBeVisible();
  await button(page, 'Not approved').click();
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('Failed');
  await button(page, 'Start PIN payment').click();
  await button(page, 'Approved on the stand-alone terminal').click();

  const receipt = await deliveredReceipt(page);
  await expect(button(page, 'New sale')).toBeFocused();
  await expect(receipt).toContainText('Saldo opladen');
  await expect(receipt).toContainText(`PIN: ${en.money(1000)} — Settled`);
});
