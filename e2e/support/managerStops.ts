import { expect } from './fixtures';
import { login, quickSale, topBar, type Stop } from './screenWalk';

/** A manager's stops of e2e/screens.spec.ts, each opened from the one before it. */
export const MANAGER: Stop[] = [
  {
    name: 'manager-start',
    open: async (s) => {
      await login(s, 'mark', '9999');
      s.kept.order = await quickSale(s);
      await s.button('Back to start').click();
    },
    actions: (s) => [s.button('New sale'), s.button('Manager’s day'), s.button('Settings'), ...topBar(s, 'manager', 0)],
  },
  {
    name: 'order-review',
    open: async (s) => {
      await s.button('Manager’s day').click();
      await expect(s.button('Details of order {number}', { number: s.kept.order! })).toBeVisible();
    },
    actions: (s) => [s.button('Show orders'), s.button('Details of order {number}', { number: s.kept.order! })],
  },
  {
    name: 'order-detail',
    open: async (s) => {
      await s.button('Details of order {number}', { number: s.kept.order! }).click();
      await expect(s.button('Refund order {number}', { number: s.kept.order! })).toBeVisible();
    },
    actions: (s) => [s.button('Refund order {number}', { number: s.kept.order! })],
  },
  {
    name: 'refund',
    open: async (s) => {
      await s.button('Refund order {number}', { number: s.kept.order! }).click();
      await expect(s.field('Reason')).toBeVisible();
    },
    actions: (s) => [
      s.page.getByRole('radio').first(),
      s.field('Refund by'),
      s.field('Reason'),
      s.page.locator('form button[type=submit]').last(),
    ],
  },
  {
    name: 'drawer',
    open: async (s) => {
      await s.button('Cash drawer and day close').click();
      await expect(s.button('Open the drawer')).toBeVisible();
    },
    actions: (s) => [s.page.locator('.cash-count input').first(), s.button('Open the drawer')],
  },
  {
    name: 'x-report',
    open: async (s) => {
      await s.page.locator('.cash-count input').first().fill('1');
      await s.button('Open the drawer').click();
      await s.button('X report').click();
      await expect(s.button('Print X report')).toBeVisible();
    },
    actions: (s) => [s.button('Print X report')],
  },
  {
    name: 'drawer-sessions',
    open: (s) => s.page.getByRole('form', { name: s.w('Close the session with a blind count') }).scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Close the session')],
  },
  {
    name: 'cash-movements',
    open: (s) => s.button('Record').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Record')],
  },
  {
    name: 'reports',
    open: async (s) => {
      await s.button('Reports').click();
      await expect(s.page.getByRole('table').first()).toBeVisible();
    },
    actions: (s) => [s.page.locator('.export button').first()],
  },
  {
    name: 'audit',
    open: async (s) => {
      await s.button('Audit trail').click();
      await expect(s.page.getByRole('table').first()).toBeVisible();
    },
    actions: (s) => [s.button('Back to start')],
  },
  {
    name: 'settings',
    open: async (s) => {
      await s.button('Back to start').click();
      await s.button('Settings').click();
      await expect(s.button('Save settings')).toBeVisible();
    },
    // Save settings in the bar at the window's foot, without scrolling.
    actions: (s) => [s.button('Back to start'), s.button('Save settings')],
  },
  {
    name: 'settings-form',
    // The form's last field scrolled to: above the bar, not under it.
    open: (s) => s.page.locator('#settings-retention').scrollIntoViewIfNeeded(),
    actions: (s) => [s.page.locator('#settings-retention'), s.button('Save settings')],
  },
  {
    name: 'connection-test',
    open: async (s) => {
      await s.button('Test connection').click();
      await expect(s.page.getByRole('list', { name: s.w('Connection checks') })).toBeVisible();
    },
    actions: (s) => [s.button('Test connection')],
  },
  {
    name: 'counter-setup',
    open: (s) => s.button('Save counter setup').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Save counter setup')],
  },
  {
    name: 'enrolment',
    open: (s) => s.button('Enrol').scrollIntoViewIfNeeded(),
    actions: (s) => [s.button('Enrol')],
  },
  {
    // The central gone: a sale waits to be sent, with its last error in the sync panel's table.
    name: 'sync-unsent',
    open: async (s) => {
      await s.centralGone();
      await s.button('Back to start').click();
      await quickSale(s);
      await s.button('Sync status').click();
      await expect(s.page.locator('main table').first()).toBeVisible();
    },
    actions: (s) => [
      s.page.locator('main').getByRole('button', { name: s.w('Sync now') }),
      s.page.locator('main table').first().locator('tbody tr').first().locator('td').last(),
      ...topBar(s, 'manager', 1),
    ],
  },
  {
    name: 'day-close',
    open: async (s) => {
      await s.button('Back').click();
      await s.button('Back to start').click();
      await s.button('Manager’s day').click();
      await s.button('Cash drawer and day close').click();
      // Close the day is in the bar at the window's foot from the start; the note is far down.
      await expect(s.button('Close the day')).toBeInViewport({ ratio: 0.99 });
      await s.page.locator('#close-note').scrollIntoViewIfNeeded();
    },
    actions: (s) => [s.page.locator('#close-note'), s.button('Close the day')],
  },
  {
    name: 'day-close-confirm',
    open: async (s) => {
      await s.page.locator('#close-note').fill('walk through the screens');
      await s.button('Close the day').click();
      await expect(s.button('Confirm: close the day')).toBeVisible();
    },
    actions: (s) => [s.button('Confirm: close the day')],
  },
  {
    name: 'z-report',
    open: async (s) => {
      await s.button('Confirm: close the day').click();
      await expect(s.button('Print Z report').first()).toBeVisible();
    },
    actions: (s) => [s.button('Print Z report').first()],
  },
];
