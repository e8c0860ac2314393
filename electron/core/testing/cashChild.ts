/**
 * A counter in its own process for the cash kill tests (cash/kill.test.ts): `node --import tsx
 * cashChild.ts --db FILE --seed N`. It prints `ready`, then loops over money acts, each
 * announced by `begin <act>` before its call: a cash sale, a refund of it, a cash movement, and
 * now and then a day close (its clock then moves on a day and the next day opens). The parent
 * ends it with SIGKILL at any moment. Its central cannot be reached: these acts are local.
 */
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import { createCounter } from '../counter';
import { value } from './counter';
import { randomInt, seededRandom } from './random';

const { values } = parseArgs({ options: { db: { type: 'string' }, seed: { type: 'string', default: '1' } } });
const say = (line: string) => process.stdout.write(`${line}\n`);
const db = values.db!;
const random = seededRandom(Number(values.seed));
// Days already closed in the file lie ahead of the real clock: start a day past the last of them.
let shift = Number(values.seed) * 3 * 86_400_000;
const counter = await createCounter({
  dataDir: dirname(db),
  vault: null,
  database: db,
  central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable' },
  demoStaff: true,
  autoSync: false,
  clock: () => new Date(Date.now() + shift),
});
const must = <T>(result: IpcResult<unknown>, what: string): T => value(result as IpcResult<T>, what);
const call = async <T>(channel: string, input: unknown) => must<T>(await counter.dispatch(channel, input), channel);
await call('session.login', { staffId: 'mark', pin: '9999' });
const openDay = async () => {
  const status = await call<{ state: string }>('day.status', {});
  if (status.state === 'notOpened') await call('day.open', { float: { '1000': 1 } });
};
await openDay();
say('ready');
let n = 0;
for (;;) {
  n += 1;
  const order = (await call<CounterOrder>('orders.create', { languageId: 1, orderLines: [{ productId: 602, quantity: 1 }] })).order;
  await call('payments.add', {
    orderId: order.orderId,
    payment: { paymentMethodId: 1, amountDebit: 463, operatorPaymentReference: `pay-${n}`, statusCode: 'SETTLED' },
  });
  say('begin refund');
  await call('payments.refund', {
    orderId: order.orderId,
    refund: { paymentMethodId: 1, amountDebit: randomInt(random, 1, 463), operatorPaymentReference: `back-${n}`, reason: 'kill test' },
  });
  say('begin move');
  await call('cash.move', { kind: random() < 0.5 ? 'paidIn' : 'drop', amount: randomInt(random, 1, 100) * 5, reason: 'kill test' });
  if (random() < 0.3) {
    say('begin close');
    await call('day.close', { counted: {}, note: 'kill test' });
    shift += 86_400_000;
    await openDay();
  }
}
