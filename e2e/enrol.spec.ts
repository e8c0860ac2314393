import { packageVersion } from '../electron/core/testing/packageVersion';
import { join } from 'node:path';
import { createCounter } from '../electron/core/counter';
import { signChannelToken } from '../server/auth';
import { startCentral } from '../server/central';
import { signOperatorToken } from '../server/fleetAuth';
import type { CounterReport, Enrolment } from '../shared/schemas/fleet';
import { centralOrders } from './support/central';
import { FIXTURES, localOrder, startCounter, tempDir } from './support/counter';
import { expect, test } from './support/fixtures';
import { button, en, expectComplete, newSale, payCash, setUpFirstManager, toCheckout, touchProduct } from './support/ui';

const JWT_SECRET = 'counter-e2e-channel-secret-0123456789abcdef';
/** Not the reference data's first touchpoint (10): the one the code is made for. */
const TOUCHPOINT = 11;

/** The operator's routes of the central (docs/api.md §11). */
async function asOperator<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/2.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await signOperatorToken(JWT_SECRET)}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

test('a counter enrolled with a one-time code sells under its token’s touchpoint, and its heartbeat shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = await tempDir('enrol');
  const central = await startCentral({ db: join(dir.path, 'central.sqlite'), port: 0, jwtSecret: JWT_SECRET, fixtures: FIXTURES });
  // The operator makes a code; the technician puts the central and the code in the machine's configuration.
  const { code } = await asOperator<Enrolment>(central.url, 'POST', '/enrolments', { touchpointId: TOUCHPOINT });
  const core = await createCounter({
    dataDir: join(dir.path, 'counter'),
    vault: null,
    fixtures: FIXTURES,
    config: {
      config: { central: { url: central.url }, enrolment: { code } },
      sources: { 'central.url': 'file', 'enrolment.code': 'file' },
      file: null,
    },
    intervalMs: 200,
  });
  const counter = await startCounter({ core });
  try {
    await setUpFirstManager(page, counter.url);
    const status = page.getByRole('region', { name: 'Sync status' }).getByRole('status');
    await expect(status).toContainText('Online');
    await expect(status).not.toContainText('Demo central (embedded)');

    await newSale(page);
    await touchProduct(page, 'Enkele reis stad');
    await expectComplete(page);
    await toCheckout(page);
    const receipt = await payCash(page, '5', en.money(160));
    const orderNumber = (await receipt.locator('strong').first().textContent())!.trim();
    await expect(status).toContainText('To send: 0');
    await button(page, 'Back to start').click();

    // The central holds the sale under touchpoint 11, the one the code named.
    const local = await localOrder(core, orderNumber);
    const reader = { url: central.url, token: await signChannelToken(JWT_SECRET, { sub: 'e2e-reader', touchpointId: 10 }) };
    const held = await centralOrders(reader, { externalOrderId: local.orderId, touchpointId: String(TOUCHPOINT) });
    expect(held).toHaveLength(1);
    expect(held[0]!.touchPoint.salesTouchpointId).toBe(TOUCHPOINT);

    // The operator's list shows the counter by its heartbeat: its touchpoint, version and (after a round) no backlog.
    await expect
      .poll(async () => (await asOperator<{ counters: CounterReport[] }>(central.url, 'GET', '/counters')).counters)
      .toEqual([
        expect.objectContaining({ touchpointId: TOUCHPOINT, appVersion: packageVersion, outboxDepth: 0, oldestUnsentAgeSeconds: null }),
      ]);

    // The settings tell a manager the counter is enrolled, for which touchpoint.
    await button(page, 'Settings').click();
    await expect(page.getByText('Enrolled for Balie Zuid')).toBeVisible();
    await page.goto('about:blank');
  } finally {
    await counter.close();
    await core.close();
    await central.close();
    await dir.remove();
  }
});
