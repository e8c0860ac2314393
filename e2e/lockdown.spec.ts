import { button, findToken, login, newSale, openAndLogin, openCounter } from './support/ui';
import { expect, test } from './support/fixtures';

/**
 * The counter closed where a point of sale must be: a new sale keeps nothing of the previous
 * customer, refusals come in the screen's language, and the browser shell's address opens
 * only once. The fixture fails any test whose page logged a console error.
 */

test('a new sale after a token search shows nothing of the first customer', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  const use = await findToken(page, '3528 0100 0000 4411', 'Pas Jan');
  await expect(use).toBeEnabled();

  // F2 on the sale screen: the next customer.
  await page.keyboard.press('F2');
  await expect(page.getByLabel('Search products')).toBeVisible();
  await expect(page.getByLabel('Search token')).toHaveValue('');
  await expect(button(page, 'Use token Pas Jan')).toHaveCount(0);
  await expect(page.getByText('Pas Jan')).toHaveCount(0);
  await expect(page.getByText('3528 0100 0000 4411')).toHaveCount(0);
});

test('a wrong PIN on the Dutch screen is answered in Dutch', async ({ page, counter }) => {
  await openCounter(page, counter.url);
  await expect(button(page, 'NL Nederlands')).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Medewerker').selectOption('anna');
  await page.getByLabel('Pincode', { exact: true }).fill('0000');
  await button(page, 'Inloggen').click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('De naam of pincode klopt niet.');
  await expect(alert).not.toContainText('PIN is not right');
});

test('the printed address opens once: another browser is refused, this one keeps its session', async ({ page, counter, browser }) => {
  await openCounter(page, counter.url);
  // The secret left the address for a cookie the page's scripts cannot read.
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => document.cookie)).toBe('');
  await button(page, 'EN English').click();
  await login(page);
  await page.reload();
  await expect(button(page, 'Log out')).toBeVisible();

  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    const answer = await stranger.goto(counter.url);
    expect(answer?.status()).toBe(403);
    const ipc = await stranger.request.post(`${counter.shell.origin}/ipc`, {
      data: { channel: 'session.current', input: {} },
      headers: { origin: counter.shell.origin },
    });
    expect(ipc.status()).toBe(401);
  } finally {
    await other.close();
  }
});
