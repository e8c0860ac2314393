import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createCounter } from '../electron/core/counter';
import { counterToken, startTestCentral } from '../electron/core/testing/central';
import { csvFiles } from '../electron/core/testing/exportCsv';
import { FaultyProxy } from '../electron/core/testing/faultyProxy';
import { centralOrders } from './support/central';
import { FIXTURES, localOrder, startCounter, tempDir } from './support/counter';
import { expect, test } from './support/fixtures';
import { button, expectComplete, login, newSale, openAndLogin, payCash, screen, toCheckout, touchProduct, en } from './support/ui';

/**
 * The manager's day end to end, against the browser shell's real core: the drawer opened with
 * a counted float, a clerk's sales, the review filtered, an order refunded in part (its receipt
 * printed), an X report, the day closed with a difference and a note, the orders exported as
 * CSV and read back, and nothing sold into the closed day. A clerk reaches none of it.
 */

const TICKET = 'Enkele reis stad';
const MANAGER = ['mark', '9999'] as const;

async function logout(page: Page): Promise<void> {
  await button(page, 'Log out').click();
  await expect(button(page, 'Log in')).toBeVisible();
}

async function managerPart(page: Page, part: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Manager navigation' });
  if (!(await nav.isVisible())) await button(page, 'Manager’s day').click();
  await button(nav, part).click();
  await expect(page.getByRole('heading', { name: part, level: 2 })).toBeVisible();
}

async function sellTicketForCash(page: Page): Promise<string> {
  await newSale(page);
  await touchProduct(page, TICKET);
  await expectComplete(page);
  await toCheckout(page);
  const receipt = await payCash(page, '5', en.money(160));
  const number = (await receipt.locator('strong').first().textContent())!.trim();
  await button(page, 'Back to start').click();
  return number;
}

/** The text of a definition (dd) after its term (dt) in a list of facts. */
const fact = (scope: ReturnType<Page['getByRole']>, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

test('a manager’s day: review, part refund, X report, day close with a difference, CSV export, no sale into the closed day', async ({
  page,
  counter,
}, testInfo) => {
  test.setTimeout(180_000);
  // The drawer opens with a float of €100 (two €50 notes).
  await openAndLogin(page, counter.url, ...MANAGER);
  await managerPart(page, 'Cash drawer and day close');
  const float = page.getByRole('group', { name: 'Float in the drawer' });
  await float.getByLabel('€50.00 notes').fill('2');
  await expect(float).toContainText('Counted: €100.00');
  await button(page, 'Open the drawer').click();
  await expect(page.getByRole('button', { name: 'X report' })).toBeVisible();
  await logout(page);

  // Anna sells two single tickets for cash.
  await login(page, 'anna', '1234');
  await expect(button(page, 'Manager’s day')).toHaveCount(0);
  const first = await sellTicketForCash(page);
  const second = await sellTicketForCash(page);
  await logout(page);

  // The manager reviews the day: Anna's delivered orders, count and totals in view.
  await login(page, ...MANAGER);
  await managerPart(page, 'Orders');
  const filters = page.getByRole('search', { name: 'Filter orders' });
  await filters.getByLabel('Clerk').selectOption({ label: 'Anna de Vries' });
  await filters.getByLabel('Status').selectOption({ label: 'Delivered' });
  await button(filters, 'Show orders').click();
  await expect(page.getByTestId('range-count')).toHaveText('2');
  await expect(page.getByTestId('range-total')).toHaveText(en.money(680));
  const list = page.getByRole('table', { name: 'Orders' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list).toContainText('Anna de Vries');
  // Another clerk's filter finds nothing.
  await filters.getByLabel('Clerk').selectOption({ label: 'Mark Jansen' });
  await button(filters, 'Show orders').click();
  await expect(page.getByTestId('range-count')).toHaveText('0');
  await filters.getByLabel('Clerk').selectOption({ label: 'Anna de Vries' });
  await button(filters, 'Show orders').click();
  await expect(page.getByTestId('range-count')).toHaveText('2');
  await screen(page, testInfo, 'manager-review');

  // The first order's detail: its line, who made and paid it.
  await button(list, `Details of order ${first}`).click();
  const detail = page.getByRole('region', { name: `Order ${first}` });
  await expect(detail.getByRole('table', { name: 'Lines' })).toContainText(TICKET);
  const history = detail.getByRole('list', { name: 'What happened' });
  await expect(history).toContainText('made · by Anna de Vries');
  await expect(history).toContainText(/payment.*by Anna de Vries/);

  // A part refund of €1.00 in cash, with a reason; its receipt prints.
  await button(detail, `Refund order ${first}`).click();
  const refund = detail.getByRole('form', { name: `Refund of order ${first}` });
  await refund.getByLabel('In part').check();
  await refund.getByLabel('Amount to refund').fill('1,00');
  await refund.getByLabel('Refund by').selectOption({ label: 'Cash' });
  await refund.getByLabel('Reason').fill('travelled only part of the way');
  await button(refund, 'Refund €1.00').click();
  await expect(detail.getByRole('status').filter({ hasText: `Order ${first} was refunded.` })).toBeVisible();
  const refundReceipt = detail.getByRole('article', { name: 'Refund receipt' });
  await expect(refundReceipt).toContainText('Refund Cash: -€1.00');
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await button(detail, 'Print refund receipt').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(history).toContainText(/refund.*by Mark Jansen.*€1\.00.*travelled only part of the way/);
  await expect(page.getByTestId('range-refunded')).toHaveText(en.money(100));
  await expect(page.getByTestId('range-paid')).toHaveText(en.money(580));

  // The orders as CSV, read back: a zip of one CSV per table (the orders, their totals), each
  // read by a strict RFC 4180 reader, its header on the first line; its totals are the screen's.
  const downloaded = page.waitForEvent('download');
  await button(page, 'CSV: Orders').click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^Orders-.+-Europe_Amsterdam\.zip$/);
  await expect(page.getByText(/a zip with one CSV file per table/)).toBeVisible();
  const files = csvFiles({ mimeType: 'application/zip', content: await readFile((await download.path())!) });
  expect(files.map((f) => f.name.replace(/^.+-Europe_Amsterdam-/, ''))).toEqual(['1-Orders.csv', '2-Totals.csv']);
  const [ordersCsv] = files;
  const orders = ordersCsv!.rows.map((row) => Object.fromEntries(ordersCsv!.header.map((name, i) => [name, row[i]!])));
  expect(orders.map((row) => row['Order']).sort()).toEqual([first, second].sort());
  const cents = (column: string) => orders.reduce((sum, row) => sum + Math.round(Number(row[column]!.replace(',', '.')) * 100), 0);
  await expect(page.getByTestId('range-total')).toHaveText(en.money(cents('Total (€)')));
  await expect(page.getByTestId('range-paid')).toHaveText(en.money(cents('Paid (€)')));

  // The X report: the day so far, nothing closed. Cash expected: €100 float + €6.80 − €1.00.
  await managerPart(page, 'Cash drawer and day close');
  await button(page, 'X report').click();
  const x = page.getByRole('article', { name: /^X report / });
  await expect(fact(x, 'Expected cash')).toHaveText(en.money(10_580));
  await expect(fact(x, 'Float')).toHaveText(en.money(10_000));

  // The close: €105.70 counted, 10 cents short; a note is required, then the day closes.
  const close = page.getByRole('form', { name: 'Close the day (Z report)' });
  await expect(close.getByTestId('expected-cash')).toHaveText(en.money(10_580));
  const count = close.getByRole('group', { name: 'Cash counted in the drawer' });
  await count.getByLabel('€100.00 notes').fill('1');
  await count.getByLabel('€5.00 notes').fill('1');
  await count.getByLabel('€0.50 coins').fill('1');
  await count.getByLabel('€0.20 coins').fill('1');
  await expect(count).toContainText('Counted: €105.70');
  await expect(close.getByTestId('cash-difference')).toHaveText('-€0.10');
  await button(page, 'Close the day').click();
  await expect(close.getByRole('alert')).toContainText('say why in a note');
  await close.getByLabel(/Note on the difference/).fill('ten cents given too much in change');
  await button(page, 'Close the day').click();
  await button(close, 'Confirm: close the day').click();
  const z = page.getByRole('article', { name: /^Z report / });
  await expect(fact(z, 'Difference')).toHaveText('-€0.10');
  await expect(fact(z, 'Note on the difference')).toHaveText('ten cents given too much in change');
  await expect(fact(z, 'Closed')).toContainText('Mark Jansen');
  await expect(page.getByText('This day is closed: nothing can be sold into it.')).toBeVisible();
  await screen(page, testInfo, 'manager-z-report');
  // The closed day's Z report can be shown and printed again.
  const closedDays = page.getByRole('region', { name: 'Closed days' });
  await expect(closedDays.getByRole('row')).toHaveCount(2);
  await expect(closedDays).toContainText('-€0.10');

  // Nothing can be sold into the closed day: the start screen says so, and offers no new sale.
  await button(page, 'Back to start').click();
  await expect(page.getByText(/is closed: no sale can be made until the next day/)).toBeVisible();
  await expect(button(page, 'New sale')).toBeDisabled();

  // The day's reports: per product, payment method and clerk.
  await managerPart(page, 'Reports');
  await expect(page.getByRole('table', { name: 'Per product' }).getByRole('row', { name: new RegExp(TICKET) })).toContainText(
    en.money(680),
  );
  await expect(page.getByRole('table', { name: 'Per clerk' }).getByRole('row', { name: /Anna de Vries/ })).toContainText('2');
  const cash = page.getByRole('table', { name: 'Per payment method' }).getByRole('row', { name: /Cash/ });
  await expect(cash).toContainText(en.money(680));
  await expect(cash).toContainText(en.money(580));

  // The audit trail names who refunded and who closed the day.
  await managerPart(page, 'Audit trail');
  const audit = page.getByRole('table', { name: 'Audit trail' });
  await expect(audit.getByRole('row').filter({ hasText: 'Refund of €1.00 (Cash)' })).toContainText('Mark Jansen');
  await expect(audit.getByRole('row').filter({ hasText: /Day .+ closed, .+ counted/ })).toContainText('Mark Jansen');
  await page.goto('about:blank');
});

test('a clerk reaches none of the manager’s screens, and the main process refuses the calls and records them', async ({
  page,
  counter,
}) => {
  await openAndLogin(page, counter.url, 'anna', '1234');
  await expect(button(page, 'Manager’s day')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Open orders of earlier days/ })).toHaveCount(0);
  const answers = await page.evaluate(async () => {
    const api = (window as unknown as { counter: { invoke: (c: string, i: unknown) => Promise<unknown> } }).counter;
    const today = new Date().toISOString().slice(0, 10);
    return Promise.all([
      api.invoke('day.xReport', {}),
      api.invoke('day.close', { counted: {}, note: '' }),
      api.invoke('manager.orders', { range: { from: today } }),
      api.invoke('reports.export', { report: 'audit', format: 'csv', range: { from: today } }),
      api.invoke('audit.list', { range: { from: today } }),
    ]);
  });
  for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'session.managerOnly' } });

  // The sync panel shows a clerk what waits, and no manager's acts.
  await button(page, 'Sync status').click();
  await expect(page.getByRole('heading', { name: 'Sync with the central' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders the central does not have' })).toHaveCount(0);
  await button(page, 'Back').click();
  await logout(page);

  // A manager sees each refused attempt in the audit trail, with who tried.
  await login(page, ...MANAGER);
  await managerPart(page, 'Audit trail');
  const refused = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: 'refused' });
  await expect(refused).toHaveCount(5);
  await expect(refused.filter({ hasText: 'Day closed' })).toContainText('Anna de Vries');
  await page.goto('about:blank');
});

test('a manager tries again an order the central kept failing, and it goes through', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = await tempDir('retry');
  const central = await startTestCentral(dir.path);
  const proxy = await new FaultyProxy({ target: central.url }).start();
  // The central breaks on the first order it is sent (answers 500), every time, until told not to.
  let poison: string | null = null;
  let broken = true;
  proxy.decide = ({ method, path, body }) => {
    if (poison === null && method === 'POST' && path.endsWith('/orders'))
      poison = (JSON.parse(body) as { externalOrderId: string }).externalOrderId;
    return broken && poison !== null && (path.includes(poison) || body.includes(poison)) ? 'fail' : undefined;
  };
  const bearerToken = await counterToken();
  const core = await createCounter({
    dataDir: dir.path,
    vault: null,
    fixtures: FIXTURES,
    central: { url: proxy.url, bearerToken },
    demoStaff: true,
    intervalMs: 200,
    random: () => 0,
  });
  const counter = await startCounter({ core });
  try {
    await openAndLogin(page, counter.url, 'anna', '1234');
    const failing = await sellTicketForCash(page);
    const fine = await sellTicketForCash(page);
    // Sync sets the failing order aside and sends the other; a clerk sees it, and cannot retry.
    await button(page, 'Sync status').click();
    const setAside = page.getByRole('region', { name: 'Orders set aside' });
    await expect(setAside).toContainText(`Order ${failing}`, { timeout: 60_000 });
    await expect(setAside).toContainText('Tried 5 times. Last error: the central answered 500');
    await expect(button(page, `Try order ${failing} again`)).toHaveCount(0);
    await button(page, 'Back').click();
    await logout(page);

    await login(page, ...MANAGER);
    await button(page, 'Sync status').click();
    const problems = page.getByRole('region', { name: 'Orders the central does not have' });
    const item = problems.getByRole('listitem', { name: new RegExp(`^Order ${failing}`) });
    await expect(item).toContainText('set aside');
    await expect(problems).not.toContainText(fine);
    broken = false;
    await button(item, `Try order ${failing} again`).click();
    await expect(problems).toContainText('The central has every order as it is here.', { timeout: 60_000 });

    // The central holds it once, as it was sold; the retry is in the audit trail.
    const local = await localOrder(core, failing);
    const held = await centralOrders({ url: central.url, token: bearerToken }, { externalOrderId: local.orderId, touchpointId: '10' });
    expect(held).toHaveLength(1);
    expect(held[0]!.totalAmount).toBe(340);
    await button(page, 'Back').click();
    await managerPart(page, 'Audit trail');
    await expect(
      page.getByRole('table', { name: 'Audit trail' }).getByRole('row').filter({ hasText: 'Sending again: this order' }),
    ).toContainText('Mark Jansen');
    await page.goto('about:blank');
  } finally {
    await counter.close();
    await core.close();
    await proxy.close();
    await central.close();
    await dir.remove();
  }
});
