import { TerminalSimulator } from '../devtools/terminalSimulator/simulator';
import { endpointOf } from '../devtools/terminalSimulator/endpoint';
import { startCounter } from './support/counter';
import { expect, test as base } from './support/fixtures';
import {
  button,
  checkoutOrderNumber,
  deliveredReceipt,
  en,
  expectComplete,
  newSale,
  openAndLogin,
  toCheckout,
  touchProduct,
} from './support/ui';

/**
 * PIN sales through the built-in terminal simulator over HTTPS (docs/api.md §9.2): the clerk
 * sees the terminal's progress and its reasons; the payment is settled only by its answer.
 */

// The house's page (no console error) and counter, the counter pointed at a simulator of its own.
const test = base.extend<{ sim: TerminalSimulator }>({
  sim: async ({}, use) => {
    const sim = await new TerminalSimulator().start();
    try {
      await use(sim);
    } finally {
      await sim.close();
    }
  },
  counter: async ({ sim }, use) => {
    // A short wait for the answer, so that a silent terminal is asked about within the test.
    const counter = await startCounter({ terminal: { simulator: async () => endpointOf(sim), answerMs: 3_000, retryMs: 100 } });
    try {
      await use(counter);
    } finally {
      await counter.close();
    }
  },
});

async function ticketAtCheckout(page: import('@playwright/test').Page, url: string): Promise<string> {
  await openAndLogin(page, url);
  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  await expectComplete(page);
  await toCheckout(page);
  await button(page, 'PIN').click();
  return checkoutOrderNumber(page);
}

test('a PIN sale approved by the terminal', async ({ page, counter, sim }) => {
  await ticketAtCheckout(page, counter.url);
  await button(page, 'Start PIN payment').click();
  const receipt = await deliveredReceipt(page);
  await expect(receipt).toContainText(`PIN: ${en.money(340)} — Settled`);
  expect(sim.book.charges.map((c) => c.amount)).toEqual([340]);
});

test('a PIN sale declined (wrong PIN), with the terminal’s reason, then approved', async ({ page, counter, sim }) => {
  await ticketAtCheckout(page, counter.url);
  sim.next({ kind: 'decline', error: 'WrongPIN' });
  await button(page, 'Start PIN payment').click();
  await expect(page.getByRole('alert')).toContainText('PIN payment not approved: wrong PIN');
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('Failed');
  expect(sim.book.charges).toEqual([]);
  await button(page, 'Start PIN payment').click();
  const receipt = await deliveredReceipt(page);
  await expect(receipt).toContainText(`PIN: ${en.money(340)} — Settled`);
  expect(sim.book.charges).toHaveLength(1);
});

test('a PIN sale whose answer was lost: checked with the terminal, settled once', async ({ page, counter, sim }) => {
  await ticketAtCheckout(page, counter.url);
  sim.next({ kind: 'lose' });
  const payments: string[] = [];
  sim.on('request', (r) => r.category === 'Payment' && payments.push(r.serviceId));
  await button(page, 'Start PIN payment').click();
  const receipt = await deliveredReceipt(page);
  await expect(receipt).toContainText(`PIN: ${en.money(340)} — Settled`);
  expect(sim.book.charges).toHaveLength(1);
  expect(payments).toHaveLength(1);
});

test('a waiting PIN payment the clerk stops: not approved once the terminal says so', async ({ page, counter, sim }) => {
  await ticketAtCheckout(page, counter.url);
  sim.next({ kind: 'silent', then: 'approve' });
  await button(page, 'Start PIN payment').click();
  await expect(page.getByRole('status').filter({ hasText: 'Insert or tap the card on the terminal' })).toBeVisible();
  await button(page, 'Stop payment').click();
  await expect(page.getByRole('alert')).toContainText('PIN payment not approved: the payment was stopped');
  expect(sim.book.charges).toEqual([]);
});
