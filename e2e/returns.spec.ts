import { expect, test } from './support/fixtures';
import { button, deliveredReceipt, en, login, openAndLogin, orderLine } from './support/ui';

/**
 * Returns by line (docs/counter.md §19): at the clerk's till, a manager gives their PIN and the
 * clerk returns one of two tickets; the refund receipt names it, the order shows it returned,
 * and the audit trail records the manager's approval.
 */

test.use({ viewport: { width: 1024, height: 768 } });

test('a clerk returns one of two tickets at the till, approved by a manager’s PIN', async ({ page, counter }) => {
  test.setTimeout(120_000);
  await openAndLogin(page, counter.url);
  // Two single journeys, paid exactly in cash (F2, the quick key twice, Enter, Enter). The second
  // key waits for the first line: two digits and Enter within a few milliseconds are a scanner's.
  await page.keyboard.press('F2');
  await page.keyboard.press('8');
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();
  for (const key of ['8', 'Enter', 'Enter']) await page.keyboard.press(key);
  const receipt = await deliveredReceipt(page);
  await expect(receipt).toContainText(en.money(680));
  const number = (await receipt.locator('strong').first().textContent())!.trim();

  await button(page, 'Return tickets').click();
  const form = page.getByRole('form', { name: `Return from order ${number}` });
  const first = form.getByLabel('Enkele reis stad: how many back').first();
  await expect(first).toBeFocused();
  await first.fill('1');
  await expect(form).toContainText(`Back for these tickets: ${en.money(340)}.`);
  await form.getByLabel('Reason').fill('travelled only once');
  await expect(form.getByLabel('Manager', { exact: true })).toHaveValue('mark');
  await expect(button(form, `Refund ${en.money(340)}`)).toBeInViewport();

  // A wrong PIN is refused and nothing is returned.
  await form.getByLabel('Manager’s PIN').fill('0000');
  await button(form, `Refund ${en.money(340)}`).click();
  await expect(form).toContainText('The name or PIN is not right.');

  await form.getByLabel('Manager’s PIN').fill('9999');
  await button(form, `Refund ${en.money(340)}`).click();
  await expect(page.getByRole('status').filter({ hasText: `The tickets of order ${number} were returned.` })).toBeVisible();
  await expect(page.getByText('Returned: 1× Enkele reis stad')).toBeVisible();
  const refundReceipt = page.getByRole('article', { name: 'Refund receipt' });
  await expect(refundReceipt).toContainText('1 returned');
  // On paper the refund receipt goes alone, not the sale's beside it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('article', { name: 'Receipt', exact: true })).toBeHidden();
  await expect(refundReceipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // Anna is still the one logged in.
  await expect(page.getByText('Anna de Vries').first()).toBeVisible();

  // The audit trail: Anna's return, approved by Mark.
  await button(page, 'Log out').click();
  await login(page, 'mark', '9999');
  await button(page, 'Manager’s day').click();
  await button(page.getByRole('navigation', { name: 'Manager navigation' }), 'Audit trail').click();
  const row = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: 'approved by Mark Jansen' });
  await expect(row).toContainText('Anna de Vries');
  await expect(row).toContainText(`Return of 1× Enkele reis stad: ${en.money(340)} back (Cash)`);
});
