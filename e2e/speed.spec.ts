import { expect, test } from './support/fixtures';
import { button, checkoutPanel, en, openAndLogin, orderLine, type Actions, countActions } from './support/ui';

/**
 * The routine sale at speed: a single ticket, cash, exact money. Four touches (or four keys),
 * and after each the focus is on the next action, so a clerk never has to look for it.
 */

test('a plain ticket paid cash with exact money: four touches, the focus always on the next step', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  const actions: Actions = await countActions(page);

  // 1. New sale: the product search has the focus.
  await button(page, 'New sale').click();
  await expect(page.getByLabel('Search products')).toBeFocused();

  // 2. The product: it needs nothing more, so it is on the order at once, with an undo; Pay has the focus.
  await button(page, '8 Enkele reis stad').click();
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();
  await expect(button(page, 'Undo Enkele reis stad')).toBeVisible();
  await expect(button(page, 'Pay')).toBeFocused();

  // 3. Pay: cash is ready (no method chosen before: cash), the amount field has the focus.
  await button(page, 'Pay').click();
  await expect(checkoutPanel(page)).toContainText('1 × Enkele reis stad');
  await expect(button(page, 'Cash')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Amount tendered')).toBeFocused();

  // 4. Exact: paid, delivered, the receipt; "New sale" has the focus.
  await button(page, `Exact ${en.money(340)}`).click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Delivered');
  await expect(receipt).toContainText(`tendered ${en.money(340)}, no change`);
  await expect(page.getByRole('heading', { name: 'No change due' })).toBeVisible();
  await expect(button(page, 'New sale')).toBeFocused();

  expect(await actions.read()).toEqual({ pointer: 4, keys: 0 });
});

test('the same sale with the keyboard: F2, the quick key, Enter, Enter', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  const actions = await countActions(page);

  await page.keyboard.press('F2');
  const search = page.getByLabel('Search products');
  await expect(search).toBeFocused();

  await page.keyboard.press('8');
  await expect(orderLine(page, 'Enkele reis stad')).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(button(page, 'Pay')).toBeFocused();

  await page.keyboard.press('Enter');
  const tendered = page.getByLabel('Amount tendered');
  await expect(tendered).toBeFocused();
  await expect(tendered).toHaveValue('');

  // Enter on the empty amount: exact money.
  await page.keyboard.press('Enter');
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Delivered');
  await expect(receipt).toContainText(`tendered ${en.money(340)}`);
  await expect(button(page, 'New sale')).toBeFocused();
  expect(await actions.read()).toEqual({ pointer: 0, keys: 4 });

  // The next customer hands over €10: F2, 8, Enter, the amount, Enter; the change in large type.
  await page.keyboard.press('F2');
  await expect(search).toBeFocused();
  await page.keyboard.press('8');
  await expect(button(page, 'Pay')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tendered).toBeFocused();
  await tendered.pressSequentially('10', { delay: 90 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Change due' })).toContainText(en.money(660));
  await expect(receipt).toContainText(`tendered ${en.money(1000)}, change ${en.money(660)}`);
});

test('a product that needs more opens exactly its step; an undone touch leaves nothing behind', async ({ page, counter }) => {
  await openAndLogin(page, counter.url);
  await button(page, 'New sale').click();

  // A start date: the card opens on it.
  await button(page, 'Retour stad').click();
  await expect(page.getByRole('region', { name: 'Retour stad', exact: true }).getByLabel('Start date')).toBeFocused();

  // A token: the line is added and the remark panel leads on, its action focused.
  await button(page, 'Saldo opladen').click();
  await expect(orderLine(page, 'Saldo opladen')).toBeVisible();
  const needed = page.getByRole('list', { name: 'Remarks and errors' });
  await expect(needed).toContainText('The product needs a registered token of the customer.');
  await expect(button(needed, 'Add token')).toBeFocused();

  // Undo: the order had only this line, so the order goes too: the sale starts empty again.
  await button(page, 'Undo Saldo opladen').click();
  await expect(page.getByText('No order yet: choose a product to start one.')).toBeVisible();

  // The remark names only the token types the product accepts (a physical or digital pass here).
  await button(page, 'Persoonlijke OV-pas').click();
  await expect(needed).toContainText('The product must be put on a token: physical pass.');
});

test('quick keys are the manager’s, per counter, and never move by themselves', async ({ page, counter }) => {
  await openAndLogin(page, counter.url, 'mark', '9999');
  await button(page, 'Settings').click();
  const setup = page.getByRole('form', { name: 'Counter setup' });
  await setup.getByLabel('Quick key 1', { exact: true }).selectOption({ label: `Enkele reis stad · ${en.money(340)}` });
  await setup.getByLabel('Quick key 2', { exact: true }).selectOption({ label: '(empty)' });
  await setup.getByLabel('Receipt paper').selectOption({ label: 'A4 sheet' });
  await button(setup, 'Save counter setup').click();
  await expect(setup.getByText('Counter setup saved.')).toBeVisible();

  // Sold again and again, the single ride stays on key 1; key 2 stays empty; key 3 is unchanged.
  for (let sale = 0; sale < 3; sale++) {
    await page.keyboard.press('F2');
    await expect(button(page, '1 Enkele reis stad')).toBeVisible();
    await expect(page.getByRole('button', { name: /^2 / })).toHaveCount(0);
    await expect(button(page, '3 Maandabonnement stad')).toBeVisible();
    await page.keyboard.press('1');
    await expect(button(page, 'Pay')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Amount tendered')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Delivered');
    // The paper the manager chose is what the receipt is laid out for.
    await expect(page.locator('html')).toHaveAttribute('data-paper', 'A4');
  }
});
