import { expect, test } from './support/fixtures';
import { button, en, openAndLogin, payCash } from './support/ui';

/**
 * The card service (docs/counter.md §22) against the demo: Pas Jan's card is lost, blocked, and
 * replaced with the fee paid in cash; the replacement's receipt lists what moved.
 */

test.use({ viewport: { width: 1024, height: 768 } });

test('a lost card blocked, then replaced with the fee paid in cash', async ({ page, counter }) => {
  test.setTimeout(120_000);
  await openAndLogin(page, counter.url);
  await button(page, 'Card service').click();
  const service = page.getByRole('region', { name: 'Card service' });
  await service.getByRole('textbox', { name: 'Pass number' }).fill('3528 0100 0000 4411');
  await button(service, 'Find card').click();
  await service.getByRole('button', { name: /Pas Jan/ }).click();
  const card = page.getByRole('region', { name: 'Card Pas Jan' });

  const block = card.getByRole('form', { name: 'Block card' });
  await block.getByLabel('Reason').selectOption('LOST');
  await block.getByLabel('Note').fill('lost on the tram');
  await button(block, 'Block card').click();
  await expect(card.getByRole('region', { name: 'What happened to the card' })).toContainText('Blocked (Lost)');
  await expect(card.getByRole('form', { name: 'Unblock found card' })).toBeVisible();

  const replace = card.getByRole('region', { name: 'Replacement card' });
  await replace.getByLabel('New card’s pass number').fill('3528 0100 0000 7777');
  await button(replace, `Sell the replacement fee (${en.money(1150)})`).click();
  const receipt = await payCash(page, '20', en.money(850));
  await expect(receipt).toContainText('Vervangende pas');

  await button(page, 'Back to start').click();
  await button(page, 'Card service').click();
  const again = page.getByRole('region', { name: 'Card Pas Jan' });
  await button(again, 'Issue replacement card').click();
  const moved = page.getByRole('region', { name: 'Replacement receipt' });
  await expect(moved).toContainText('New card 3528 0100 0000 7777 replaces card 3528 0100 0000 4411.');
  await expect(moved).toContainText(`Balance moved: ${en.money(1250)}`);
  await expect(again.getByRole('region', { name: 'What happened to the card' })).toContainText('Replaced by card');
  await expect(button(moved, 'Print receipt')).toBeInViewport();
});
