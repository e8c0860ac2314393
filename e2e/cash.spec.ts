import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { button, en, expectComplete, login, newSale, openAndLogin, payCash, screen, toCheckout, touchProduct } from './support/ui';

/**
 * Cash you can prove (docs/counter.md §17), end to end in the browser shell: a manager's day of
 * two drawer sessions, paid in, paid out, a safe drop, a rounded cash sale (product 602, €4.63
 * paid as €4.65) and a blind count; the Z report's figures checked against the sales made; a
 * close with an open order, warned about and confirmed; and after it, the clerk's start screen
 * saying the day is closed before any sale is tried.
 */

const REGION = 'Enkele reis regio'; // product 602, €4.63
const CITY = 'Enkele reis stad'; // product 600, €3.40
const MANAGER = ['mark', '9999'] as const;

/** The sales paid in cash (exact amounts, cents) and what changed hands for each (rounded to 5 cents). */
const SALES = [
  { clerk: 'anna', product: REGION, exact: 463, handed: 465, tendered: '5', change: 35 },
  { clerk: 'anna', product: CITY, exact: 340, handed: 340, tendered: '5', change: 160 },
  { clerk: 'mark', product: CITY, exact: 340, handed: 340, tendered: '10', change: 660 },
] as const;
const sum = (values: readonly number[]) => values.reduce((t, v) => t + v, 0);

/** Logs out; an open or unfinished sale (the order left open) is parked or left as it is. */
async function logout(page: Page): Promise<void> {
  await button(page, 'Log out').click();
  const loggedOut = button(page, 'Log in');
  const asked = [button(page, 'Park it'), button(page, 'Log out anyway')];
  for (let question = 0; question < 3; question++) {
    await expect(loggedOut.or(asked[0]!).or(asked[1]!)).toBeVisible();
    if (await loggedOut.isVisible()) return;
    for (const answer of asked) if (await answer.isVisible()) await answer.click();
  }
  await expect(loggedOut).toBeVisible();
}

async function toDrawer(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Manager navigation' });
  if (!(await nav.isVisible())) await button(page, 'Manager’s day').click();
  await button(nav, 'Cash drawer and day close').click();
  await expect(page.getByRole('heading', { name: 'Cash drawer and day close', level: 2 })).toBeVisible();
}

async function sellForCash(page: Page, sale: (typeof SALES)[number]): Promise<void> {
  await newSale(page);
  await touchProduct(page, sale.product);
  await expectComplete(page);
  await toCheckout(page);
  if (sale.handed !== sale.exact) {
    // The due amount is rounded, with its rounding line; the order stays exact.
    const cash = button(page, 'Cash');
    if ((await cash.getAttribute('aria-pressed')) !== 'true') await cash.click();
    await expect(page.getByText(`Cash rounding ${en.money(sale.handed - sale.exact)} (exact ${en.money(sale.exact)})`)).toBeVisible();
  }
  await payCash(page, sale.tendered, en.money(sale.change));
  await button(page, 'Back to start').click();
}

async function count(group: Locator, pieces: Record<string, string>): Promise<void> {
  for (const [label, n] of Object.entries(pieces)) await group.getByLabel(label, { exact: true }).fill(n);
}

async function move(page: Page, kind: string, amount: string, reason: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Paid in, paid out, safe drop' });
  await form.getByLabel('What').selectOption({ label: kind });
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel(/Reason/).fill(reason);
  await button(form, 'Record').click();
  await expect(form.getByRole('status')).toContainText(`${kind} of`);
}

/** The text of a definition (dd) after its term (dt) in a list of facts. */
const fact = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

test('a manager’s day of two sessions, cash movements, a rounded sale and a blind count; the Z against the sales; the close confirmed; the clerk told', async ({
  page,
  counter,
}, testInfo) => {
  test.setTimeout(240_000);
  // Mark opens the day (and its first session) with a float of €100.00, and pays in €20.00.
  await openAndLogin(page, counter.url, ...MANAGER);
  await toDrawer(page);
  await count(page.getByRole('group', { name: 'Float in the drawer' }), { '€50.00 notes': '2' });
  await button(page, 'Open the drawer').click();
  await expect(page.getByTestId('open-session')).toContainText('float €100.00');
  await move(page, 'Paid in', '20', 'change from the bank');
  await logout(page);

  // Anna sells the regional fare (€4.63, handed as €4.65) and a city ticket, both in cash.
  await login(page, 'anna', '1234');
  await sellForCash(page, SALES[0]);
  await sellForCash(page, SALES[1]);
  await logout(page);

  // Mark pays out €5.50 and closes the first session with a blind count: nothing expected is shown before it.
  await login(page, ...MANAGER);
  await toDrawer(page);
  await move(page, 'Paid out', '5,50', 'window cleaner');
  const firstExpected = 10_000 + 2_000 + SALES[0].handed + SALES[1].handed - 550;
  expect(firstExpected).toBe(12_255);
  const blind = page.getByRole('form', { name: 'Close the session with a blind count' });
  await expect(blind).toBeVisible();
  await expect(page.getByRole('region', { name: 'Drawer sessions and cash movements' })).not.toContainText(en.money(firstExpected));
  await count(blind, { '€100.00 notes': '1', '€20.00 notes': '1', '€2.00 coins': '1', '€0.50 coins': '1', '€0.05 coins': '1' });
  await button(blind, 'Close the session').click();
  await expect(page.getByRole('status').filter({ hasText: 'Session closed' })).toHaveText(
    `Session closed: expected ${en.money(firstExpected)}, counted ${en.money(12_255)}, difference ${en.money(0)}.`,
  );

  // The second session opens with a float of €50.00; Mark sells a city ticket and drops €20.00 in the safe.
  await count(page.getByRole('group', { name: 'Float of the new session' }), { '€50.00 notes': '1' });
  await button(page.getByRole('form', { name: 'Open a drawer session' }), 'Open a drawer session').click();
  await expect(page.getByTestId('open-session')).toContainText('float €50.00');
  await move(page, 'Safe drop', '20', 'to the safe');
  await button(page, 'Back to start').click();
  await sellForCash(page, SALES[2]);
  // An order left open: not paid, not sold.
  await newSale(page);
  await touchProduct(page, REGION);
  await button(page, 'Back to start').click();

  // The day's movements are listed.
  await toDrawer(page);
  const movements = page.getByRole('table', { name: 'The day’s cash movements' });
  await expect(movements.getByRole('row')).toHaveCount(4);
  await expect(movements).toContainText('window cleaner');

  // The close: the open order warned about; the count of the second session's drawer (€50 + €3.40 − €20).
  const close = page.getByRole('form', { name: 'Close the day (Z report)' });
  await expect(close.getByTestId('open-orders')).toContainText(`Open orders: 1 (${en.money(463)}), not paid.`);
  await expect(close.getByTestId('expected-cash')).toHaveText(en.money(3_340));
  await count(close.getByRole('group', { name: 'Cash counted in the drawer' }), {
    '€20.00 notes': '1',
    '€10.00 notes': '1',
    '€2.00 coins': '1',
    '€1.00 coins': '1',
    '€0.20 coins': '2',
  });
  await expect(close.getByTestId('cash-difference')).toHaveText(en.money(0));
  await button(page, 'Close the day').click();
  const freezes = close.getByTestId('close-freezes');
  await expect(freezes).toContainText('its drawer sessions (2), the open one closed with this count;');
  await expect(freezes).toContainText(`the count of ${en.money(3_340)};`);
  await expect(freezes).toContainText(`its open order (1, ${en.money(463)}), which stays unpaid;`);
  await button(close, 'Confirm: close the day').click();

  // The Z report against the sales made.
  const z = page.getByRole('article', { name: /^Z report / });
  await expect(z).toBeVisible();
  const exact = sum(SALES.map((s) => s.exact));
  const handed = sum(SALES.map((s) => s.handed));
  expect([exact, handed]).toEqual([1_143, 1_145]);
  const cashRow = z.getByRole('table', { name: 'Per payment method' }).getByRole('row', { name: /Cash/ });
  await expect(cashRow).toContainText(en.money(exact));
  await expect(fact(z, 'Cash rounding')).toHaveText(en.money(handed - exact));
  await expect(fact(z, 'Float')).toHaveText(en.money(15_000));
  await expect(fact(z, 'Paid in')).toHaveText(en.money(2_000));
  await expect(fact(z, 'Paid out')).toHaveText(en.money(550));
  await expect(fact(z, 'Safe drops')).toHaveText(en.money(2_000));
  // Floats + cash as handed + paid in − paid out − drops = the two sessions' counts.
  const expected = 15_000 + handed + 2_000 - 550 - 2_000;
  expect(expected).toBe(12_255 + 3_340);
  await expect(fact(z, 'Expected cash')).toHaveText(en.money(expected));
  await expect(fact(z, 'Counted')).toHaveText(en.money(12_255 + 3_340));
  await expect(fact(z, 'Difference')).toHaveText(en.money(0));
  const sessions = z.getByRole('table', { name: 'Cash per session' }).getByRole('row');
  await expect(sessions).toHaveCount(3);
  await expect(sessions.nth(1)).toContainText(en.money(12_255));
  await expect(sessions.nth(2)).toContainText(en.money(3_340));
  const clerks = z.getByRole('table', { name: 'Cash per clerk' });
  const taken = (who: string) => sum(SALES.filter((s) => s.clerk === who).map((s) => s.handed));
  await expect(clerks.getByRole('row', { name: /Anna de Vries/ })).toContainText(en.money(taken('anna')));
  await expect(clerks.getByRole('row', { name: /Mark Jansen/ })).toContainText(en.money(taken('mark')));
  await expect(z.getByTestId('open-orders')).toContainText('Open orders: 1');
  await screen(page, testInfo, 'cash-z-report');
  await logout(page);

  // Anna's start screen says the day is closed before any sale is tried.
  await login(page, 'anna', '1234');
  await expect(page.getByText(/is closed: no sale can be made until the next day/)).toBeVisible();
  await expect(button(page, 'New sale')).toBeDisabled();
  await page.goto('about:blank');
});
