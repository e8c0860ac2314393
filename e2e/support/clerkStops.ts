import { expect } from './fixtures';
import { dialog, PASS_JAN, topBar, login, type Stop } from './screenWalk';
import { CARD_SERVICE } from './cardStops';

/** A clerk's stops of e2e/screens.spec.ts, each opened from the one before it. */
export const CLERK: Stop[] = [
  {
    name: 'login',
    open: async () => {},
    actions: (s) => [s.field('Staff member'), s.page.getByLabel(s.w('PIN'), { exact: true }), s.button('Log in'), s.button('EN English')],
  },
  {
    name: 'start',
    open: (s) => login(s, 'anna', '1234'),
    actions: (s) => [
      s.button('New sale'),
      s.field('Search orders'),
      s.button('Sync status'),
      s.button('Log out'),
      ...topBar(s, 'clerk', 0),
    ],
  },
  {
    name: 'sale',
    open: async (s) => {
      await s.button('New sale').first().click();
      await expect(s.field('Search products')).toBeFocused();
    },
    actions: (s) => [s.field('Search products'), s.button('Back to start'), s.field('Search token')],
  },
  {
    name: 'product-choice',
    open: async (s) => {
      await s.page.getByRole('button', { name: 'Dagkaart', exact: true }).click();
      await s.page
        .getByRole('group', { name: s.w('Choose which one') })
        .getByRole('button', { name: 'Dagkaart volwassene', exact: true })
        .click();
    },
    actions: (s) => [s.field('Start date'), s.button('Add to order')],
  },
  {
    name: 'order-line-with-undo',
    open: async (s) => {
      await s.button('Add to order').click();
      await expect(s.button('Undo {name}', { name: 'Dagkaart volwassene' })).toBeVisible();
    },
    actions: (s) => [s.button('Undo {name}', { name: 'Dagkaart volwassene' }), s.button('Pay')],
  },
  {
    name: 'remarks',
    open: async (s) => {
      await s.page.getByRole('button', { name: 'Persoonlijke OV-pas', exact: true }).click();
      await expect(s.button('Add token')).toBeVisible();
    },
    // The undo banner is there too, and covers neither remark's action; "Still needed" covers no line's Edit or Remove.
    actions: (s) => [
      s.button('Undo {name}', { name: 'Persoonlijke OV-pas' }),
      s.button('Edit {name}', { name: 'Persoonlijke OV-pas' }),
      s.button('Remove {name}', { name: 'Persoonlijke OV-pas' }),
      s.button('Add token'),
      s.button('Add birthdate'),
      s.button('Pay'),
    ],
  },
  {
    name: 'tokens',
    open: async (s) => {
      await s.button('Add token').click();
      await expect(s.field('Search token')).toBeFocused();
      await s.field('Search token').fill(PASS_JAN);
      await s.button('Find token').click();
      await expect(s.button('Use token {name}', { name: 'Pas Jan' })).toBeVisible();
    },
    actions: (s) => [s.field('Search token'), s.button('Find token'), s.button('Use token {name}', { name: 'Pas Jan' })],
  },
  {
    // Under a found token: the clerk scrolls the token column down to it, and sees it whole.
    name: 'new-pass',
    open: async (s) => {
      await s.button('Use new pass').scrollIntoViewIfNeeded();
    },
    actions: (s) => [s.field('Pass number'), s.field('Verification code'), s.button('Use new pass')],
  },
  {
    name: 'personal-data',
    dialog: true,
    open: async (s) => {
      await s.field('Pass number').fill('3528 0100 0000 1357');
      await s.field('Verification code').fill('X9Z4');
      await s.button('Use new pass').click();
      await s.button('Add birthdate').click();
      await expect(dialog(s)).toBeVisible();
      await expect(s.field('Birthdate', dialog(s))).toBeFocused();
    },
    actions: (s) => [
      s.field('Birthdate', dialog(s)),
      s.field('Name', dialog(s)),
      s.field('E-mail address', dialog(s)),
      s.button('Send code', {}, dialog(s)),
      s.button('Start camera', {}, dialog(s)),
      s.button('Save personal data', {}, dialog(s)),
      s.button('Close', {}, dialog(s)),
    ],
  },
  {
    name: 'e-mail-code',
    dialog: true,
    open: async (s) => {
      const d = dialog(s);
      await s.field('Birthdate', d).fill('1990-06-15');
      await s.field('E-mail address', d).fill('sanne@example.org');
      await s.button('Send code', {}, d).click();
      await expect(s.field('One-time password', d)).toBeFocused();
    },
    actions: (s) => [
      s.field('One-time password', dialog(s)),
      s.button('Verify code', {}, dialog(s)),
      s.button('Save personal data', {}, dialog(s)),
    ],
  },
  {
    name: 'photo',
    dialog: true,
    open: async (s) => {
      await s.button('Start camera', {}, dialog(s)).click();
      await expect(s.button('Take photo', {}, dialog(s))).toBeEnabled();
    },
    actions: (s) => [s.button('Take photo', {}, dialog(s)), s.button('Save personal data', {}, dialog(s))],
  },
  {
    name: 'checkout-cash',
    open: async (s) => {
      await s.button('Take photo', {}, dialog(s)).click();
      await expect(s.button('Retake photo', {}, dialog(s))).toBeVisible();
      await s.button('Save personal data', {}, dialog(s)).click();
      await expect(dialog(s)).toHaveCount(0);
      await s.button('Pay').click();
      await expect(s.field('Amount tendered')).toBeFocused();
    },
    actions: (s) => [
      s.field('Amount tendered'),
      s.page.getByRole('button', { name: s.lang === 'en' ? /^Exact / : /^Gepast / }),
      s.button('Confirm cash payment'),
      s.button('Back to start'),
    ],
  },
  {
    name: 'checkout-pin',
    open: async (s) => {
      await s.page.getByRole('button', { name: s.lang === 'en' ? 'PIN' : 'Pin', exact: true }).click();
      await s.button('Start PIN payment').click();
      await expect(s.button('Not approved')).toBeVisible();
    },
    actions: (s) => [s.button('Approved on the stand-alone terminal'), s.button('Not approved')],
  },
  {
    name: 'checkout-direct-debit',
    open: async (s) => {
      await s.button('Not approved').click();
      await expect(s.button('Start PIN payment')).toBeVisible();
      await s.button('Direct debit').click();
      await expect(s.button('Add billing customer')).toBeVisible();
    },
    actions: (s) => [s.button('Add billing customer'), s.field('IBAN'), s.button('Confirm direct debit')],
  },
  {
    name: 'billing-customer',
    dialog: true,
    open: async (s) => {
      await s.button('Add billing customer').click();
      await expect(dialog(s)).toBeVisible();
    },
    actions: (s) => [s.field('First name', dialog(s)), s.button('Save billing customer', {}, dialog(s)), s.button('Close', {}, dialog(s))],
  },
  {
    name: 'receipt',
    open: async (s) => {
      await s.button('Close', {}, dialog(s)).click();
      await expect(dialog(s)).toHaveCount(0);
      await s.button('Cash').click();
      await s.page.getByRole('button', { name: s.lang === 'en' ? /^Exact / : /^Gepast / }).click();
      await expect(s.page.locator('article.receipt')).toBeVisible();
    },
    actions: (s) => [s.button('New sale'), s.button('Print receipt'), s.button('Back to start')],
  },
  {
    name: 'return-at-till',
    open: async (s) => {
      await s.button('Return tickets').click();
      await expect(s.field('Manager’s PIN')).toBeVisible();
    },
    actions: (s) => [s.field('Reason'), s.field('Manager’s PIN'), s.page.locator('form button[type=submit]').last()],
  },
  {
    name: 'a-sale-is-open',
    dialog: true,
    open: async (s) => {
      await s.button('New sale').click();
      await expect(s.field('Search products')).toBeFocused();
      await s.page.keyboard.press('8');
      await expect(s.button('Pay')).toBeFocused();
      await s.page.keyboard.press('F2');
      await expect(dialog(s)).toBeVisible();
    },
    actions: (s) => [
      s.button('Park it', {}, dialog(s)),
      s.button('Cancel it', {}, dialog(s)),
      s.button('Go back to the sale', {}, dialog(s)),
    ],
  },
  {
    name: 'parked-sales',
    open: async (s) => {
      await s.button('Park it', {}, dialog(s)).click();
      await expect(dialog(s)).toHaveCount(0);
      await s.button('Back to start').click();
    },
    actions: (s) => [s.page.locator('.unfinished-sale button').first(), s.button('New sale')],
  },
  {
    name: 'sync',
    open: async (s) => {
      await s.button('Sync status').click();
      await expect(s.button('Sync now').first()).toBeVisible();
    },
    actions: (s) => [s.page.locator('main').getByRole('button', { name: s.w('Sync now') }), s.button('Back')],
  },
  ...CARD_SERVICE,
  {
    name: 'unfinished-at-logout',
    dialog: true,
    open: async (s) => {
      await s.button('Log out').click();
      await expect(dialog(s)).toBeVisible();
    },
    actions: (s) => [
      dialog(s)
        .getByRole('button')
        .filter({ hasNotText: s.w('Log out anyway') })
        .last(),
      s.button('Log out anyway', {}, dialog(s)),
    ],
  },
];
