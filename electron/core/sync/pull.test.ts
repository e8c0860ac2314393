import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralOrders, counterToken, startTestCentral } from '../testing/central';
import { clerk, NOTHING_WRONG, openCounter, reconcile, settleFully, STATUS, statusOf, type TestCounter } from '../testing/counter';

/**
 * Two counters of one touchpoint on one central: each keeps read copies of the other's
 * orders (found offline too), and those copies follow what happens to them on the central.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central;
let token: string;
const counters: TestCounter[] = [];

beforeEach(async () => {
  folder = tempDir('counter-pull-');
  token = await counterToken();
  central = await startTestCentral(folder.dir);
});

afterEach(async () => {
  for (const c of counters.splice(0)) await c.close();
  await central.close();
  folder.remove();
});

async function counterAt(name: string) {
  const counter = await openCounter({ dataDir: join(folder.dir, name), database: ':memory:', central: { url: central.url, bearerToken: token } });
  counters.push(counter);
  await clerk(counter).login();
  return counter;
}

describe('orders made at another counter', () => {
  it('are kept as read copies that follow the central: lines added there, paid, delivered', async () => {
    const a = await counterAt('a');
    const b = await counterAt('b');
    const order = await clerk(a).create([{ productId: 600, quantity: 1 }]);
    await settleFully(a);
    await settleFully(b);
    const [there] = await centralOrders(central.url, token);
    const copy = await clerk(b).get(there!.orderId);
    expect(copy.sync.state).toBe('central');
    expect(copy.order.orderLines).toHaveLength(1);

    // Counter A goes on with its order: a line more, then paid.
    await clerk(a).addLine(order.orderId, { productId: 601, quantity: 2, validFrom: new Date().toISOString() });
    const withLine = (await clerk(a).get(order.orderId)).order;
    await clerk(a).pay(order.orderId, withLine.totalAmount, 'cash');
    await settleFully(a);
    await settleFully(b);
    const followed = (await clerk(b).get(there!.orderId)).order;
    expect(followed.orderLines.map((l) => l.productId)).toEqual([600, 601]);
    expect(followed.totalAmount).toBe(withLine.totalAmount);
    expect(statusOf(followed)).toBe(STATUS.paid);
    expect(followed.payments).toHaveLength(1);

    // Counter B hands it out: its delivery goes to the central, and back to A.
    await clerk(b).deliver(there!.orderId);
    expect((await settleFully(b)).status).toMatchObject({ pending: 0, rejected: 0 });
    await settleFully(a);
    const atA = (await clerk(a).get(order.orderId)).order;
    expect(statusOf(atA)).toBe(STATUS.delivered);
    expect(reconcile([atA], await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });
});
