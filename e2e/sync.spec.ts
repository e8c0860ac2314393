import { join } from 'node:path';
import { createCounter } from '../electron/core/counter';
import { signChannelToken } from '../server/auth';
import { startCentral, type Central } from '../server/central';
import { centralOrders, type CentralAccess } from './support/central';
import { FIXTURES, freePort, localOrder, startCounter, tempDir } from './support/counter';
import { expect, test } from './support/fixtures';
import { button, en, expectComplete, newSale, payCash, setUpFirstManager, toCheckout, touchProduct } from './support/ui';

const JWT_SECRET = 'counter-e2e-channel-secret-0123456789abcdef';
const TOUCHPOINT = 10;

/** A counter core beside `centralUrl` with a token of `JWT_SECRET`, served in the browser shell. */
async function counterBeside(centralUrl: string, dataDir: string) {
  const bearerToken = await signChannelToken(JWT_SECRET, { sub: 'e2e-counter', touchpointId: TOUCHPOINT });
  const core = await createCounter({
    dataDir,
    vault: null,
    fixtures: FIXTURES,
    central: { url: centralUrl, bearerToken },
    intervalMs: 200,
  });
  return { bearerToken, core, counter: await startCounter({ core }) };
}

test('an order taken while the central is down reaches it, once, when it is back', async ({ page }) => {
  // Sync backs off up to 60 s between attempts while the central is away: room for one full wait.
  test.setTimeout(180_000);
  const dir = await tempDir('sync');
  const port = await freePort();
  const centralOptions = { db: join(dir.path, 'central.sqlite'), port, jwtSecret: JWT_SECRET, fixtures: FIXTURES };
  let central: Central | null = await startCentral(centralOptions);
  const { bearerToken, core, counter } = await counterBeside(central.url, dir.path);
  const access: CentralAccess = { url: central.url, token: bearerToken };
  try {
    // A counter beside a real central has no demo staff: its first start asks for a manager.
    await setUpFirstManager(page, counter.url);
    const status = page.getByRole('region', { name: 'Sync status' }).getByRole('status');
    await expect(status).toContainText('Online');
    await expect(status).toContainText('To send: 0');
    await expect(status).not.toContainText('Demo central (embedded)');

    // The central goes away: the counter notices on its next round and keeps selling.
    await central.close();
    central = null;
    await expect(status).toContainText('Offline');

    await newSale(page);
    await touchProduct(page, 'Enkele reis stad');
    await expectComplete(page);
    await expect(page.getByText('waiting to be sent')).toBeVisible();
    // Counted the moment it is committed, not after the (offline) sync round.
    await expect(status).toContainText('To send: 1');
    await toCheckout(page);
    const receipt = await payCash(page, '5', en.money(160));
    const orderNumber = (await receipt.locator('strong').first().textContent())!.trim();
    await expect(status).toContainText('Offline');
    await expect(status).toContainText('To send: 1');

    // Back on the same address and database: the order goes out without anyone asking.
    central = await startCentral(centralOptions);
    await expect(status).toContainText('Online', { timeout: 75_000 });
    await expect(status).toContainText('To send: 0', { timeout: 75_000 });

    await button(page, 'Back to start').click();
    await page.getByLabel('Search orders').fill(orderNumber);
    await button(page, 'Search').click();
    // In the search's results (a manager also sees the day's orders).
    const results = page.getByRole('table', { name: 'Orders found' });
    const row = results.getByRole('row').filter({ has: button(page, `Open order ${orderNumber}`) });
    await expect(row).toContainText(/\(\S+\)/);
    await expect(row).toContainText(/sent|made at head office/);
    await expect(row).toContainText('Delivered');
    const centralNumber = /\((\S+)\)/.exec((await row.textContent()) ?? '')![1]!;

    // The central holds it exactly once, delivered, under the number the counter shows.
    const local = await localOrder(core, orderNumber);
    const held = await centralOrders(access, { externalOrderId: local.orderId, touchpointId: String(TOUCHPOINT) });
    expect(held).toHaveLength(1);
    expect(held[0]!.orderNumber).toBe(centralNumber);
    expect(held[0]!.totalAmount).toBe(340);
    expect(held[0]!.order_OrderStatuses[0]!.orderStatus.orderStatusId).toBe(5);
    expect(await centralOrders(access, { touchpointId: String(TOUCHPOINT) })).toHaveLength(1);
    // Leave the page before its shell stops, so it does not try to reach a closed port.
    await page.goto('about:blank');
  } finally {
    await counter.close();
    await core.close();
    await central?.close();
    await dir.remove();
  }
});

test('a central started again with another key refuses the token: the top bar says so, never Online, and the connection test names the token', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = await tempDir('sync-refused');
  const port = await freePort();
  const centralOptions = { db: join(dir.path, 'central.sqlite'), port, fixtures: FIXTURES };
  let central: Central | null = await startCentral({ ...centralOptions, jwtSecret: JWT_SECRET });
  const { core, counter } = await counterBeside(central.url, dir.path);
  try {
    await setUpFirstManager(page, counter.url);
    const status = page.getByRole('region', { name: 'Sync status' }).getByRole('status');
    await expect(status).toContainText('Online');

    // The same central, started again without the key it had: every token it gave is refused.
    await central.close();
    central = await startCentral({ ...centralOptions, jwtSecret: 'another-key-the-central-made-up-at-its-restart-42' });
    await expect(status).toContainText('Refused: token', { timeout: 75_000 });
    await expect(status).toContainText('A manager enters a new token');
    await expect(status).not.toContainText('Online');
    await button(page, 'NL Nederlands').click();
    await expect(page.getByRole('region', { name: 'Synchronisatie', exact: true }).getByRole('status')).toContainText('Geweigerd: token');
    await button(page, 'EN English').click();

    // The sync panel says what to do; "Sync now" never says it finished.
    await button(page, 'Sync status').click();
    const panel = page.getByRole('region', { name: 'Sync with the central' });
    await expect(panel).toContainText('The central refuses this counter’s token, so nothing is sent.');
    await button(panel, 'Sync now').click();
    await expect(panel).toContainText('Sync did not get through:');
    await expect(panel).not.toContainText('Sync finished');
    await button(page, 'Back').click();

    // The manager's connection test: reached, not encrypted (this computer), the token refused, the clock right.
    await button(page, 'Settings').click();
    await button(page, 'Test connection').click();
    const steps = page.getByRole('list', { name: 'Connection checks' }).getByRole('listitem');
    await expect(steps).toHaveText([
      /^Reaching the central OK/,
      /^Secure connection Not checked/,
      /^This counter’s token Failed The central refuses this token/,
      /^Clock OK/,
    ]);
    await page.goto('about:blank');
  } finally {
    await counter.close();
    await core.close();
    await central?.close();
    await dir.remove();
  }
});
