import { expect } from './fixtures';
import { PASS_JAN, type Stop, type Walk } from './screenWalk';

/**
 * The card service's stops of a clerk's walk (docs/counter.md §22): find Pas Jan's card, see
 * it, block it (the unblock form then asks for a manager), and replace it with the fee waived
 * by a manager, up to the replacement's receipt. Nothing is sold, so the walk's other stops
 * (the parked sale at logout) stay as they are.
 */

const MANAGER_PIN = '9999';
const NEW_CARD = '3528 0100 0000 7777';

const detail = (s: Walk) => s.page.getByRole('region', { name: s.w('Card {alias}', { alias: 'Pas Jan' }), exact: true });
const found = (s: Walk) => s.page.getByRole('button', { name: new RegExp(`^${s.w('Card {alias}', { alias: 'Pas Jan' })} `) });
const unblockForm = (s: Walk) => s.page.getByRole('form', { name: s.w('Unblock found card') });
const replacement = (s: Walk) => s.page.getByRole('region', { name: s.w('Replacement card'), exact: true });
const receipt = (s: Walk) => s.page.getByRole('region', { name: s.w('Replacement receipt'), exact: true });

export const CARD_SERVICE: Stop[] = [
  {
    name: 'card-service',
    open: async (s) => {
      await s.button('Back').click();
      await s.button('Card service').click();
      // The screen's landing: the search field, never the page's body.
      await expect(s.field('Pass number')).toBeFocused();
    },
    actions: (s) => [s.field('Pass number'), s.button('Find card'), s.button('Back to start')],
  },
  {
    name: 'card-found',
    open: async (s) => {
      await s.field('Pass number').fill(PASS_JAN);
      await s.button('Find card').click();
      await expect(found(s)).toBeVisible();
    },
    actions: (s) => [found(s), s.button('Find card')],
  },
  {
    name: 'card-detail',
    open: async (s) => {
      await found(s).click();
      await expect(detail(s)).toBeVisible();
    },
    actions: (s) => [
      s.field('Reason', detail(s)),
      s.button('Block card', {}, detail(s)),
      s.field('New card’s pass number'),
      replacement(s).getByRole('button', { name: new RegExp(`^${s.w('Sell the replacement fee')} `) }),
      s.button('Waive the fee'),
    ],
  },
  {
    name: 'card-blocked',
    open: async (s) => {
      await s.button('Block card', {}, detail(s)).click();
      await expect(unblockForm(s)).toBeVisible();
      // A blocked card is replaced next: the focus is in the new card's number.
      await expect(s.field('New card’s pass number')).toBeFocused();
    },
    actions: (s) => [
      s.field('Manager’s PIN', unblockForm(s)),
      s.button('Unblock found card', {}, unblockForm(s)),
      s.field('New card’s pass number'),
    ],
  },
  {
    name: 'card-fee-waived',
    open: async (s) => {
      await s.field('New card’s pass number').fill(NEW_CARD);
      await s.button('Waive the fee').click();
      // Brought to the top, the focus in its first field.
      await expect(s.field('Why the fee is waived')).toBeFocused();
    },
    actions: (s) => [
      s.field('Why the fee is waived'),
      s.field('Manager’s PIN', replacement(s)),
      s.button('Issue replacement card', {}, replacement(s)),
    ],
  },
  {
    name: 'card-replaced',
    open: async (s) => {
      await s.field('Why the fee is waived').fill('card broke in the machine');
      await s.field('Manager’s PIN', replacement(s)).fill(MANAGER_PIN);
      await s.button('Issue replacement card', {}, replacement(s)).click();
      await expect(s.button('Print receipt', {}, receipt(s))).toBeFocused();
    },
    actions: (s) => [s.button('Print receipt', {}, receipt(s)), s.button('Back to start')],
  },
];
