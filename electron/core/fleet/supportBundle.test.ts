import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcResult } from '../../../shared/ipc';
import type { SupportFile } from '../../../shared/ipc/fleet';
import { stmt } from '../../../domain/store/sqlite/statements';
import { tempDir } from '../../../server/testing/fixtures';
import { clerk, openCounter, value } from '../testing/counter';
import { testClock } from '../testing/clock';
import { scrub } from './recentLog';

/**
 * A support bundle holds what support needs and nothing of the customers or the secrets
 * (docs/counter.md §18): the counter is first given a customer's name, birth date, e-mail, an
 * IBAN, a photo and a bearer token, then the bundle is searched for each.
 */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

const PERSONAL = {
  birthname: 'Wilhelmina',
  surname: 'Oranje-Nassau',
  dateOfBirth: '1987-04-27',
  emailAddress: 'w.oranje@voorbeeld.nl',
  iban: 'NL91ABNA0417164300',
  photo: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
  street: 'Noordeinde',
};
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtY291bnRlciJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('the support bundle', () => {
  it('holds versions, the database check, devices, the outbox, the clock and the log, and no personal data or token', async () => {
    const folder = tempDir('counter-support-');
    opened.push(() => folder.remove());
    const counter = await openCounter({
      dataDir: folder.dir,
      database: join(folder.dir, 'counter.sqlite'),
      clock: testClock('2026-03-02T10:00:00.000Z'),
      // Nothing listens there: the sale waits in the outbox, and the log has an offline round.
      central: { url: 'http://127.0.0.1:9', bearerToken: BEARER },
      autoSync: false,
      appVersion: '1.4.0',
    });
    opened.push(() => counter.close());
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    const order = await mark.create([{ productId: 600, quantity: 1 }]);
    const customer = {
      birthname: PERSONAL.birthname,
      surname: PERSONAL.surname,
      emailAddress: PERSONAL.emailAddress,
      dateOfBirth: PERSONAL.dateOfBirth,
      orderCustomerAddresses: [
        { addressTypeId: 1, street: PERSONAL.street, houseNumber: 68, postalCode: '2514 GL', city: 'Den Haag', country: 'NL' },
      ],
    };
    value(await counter.dispatch('orders.setCustomer', { orderId: order.orderId, customer }), 'setCustomer');
    // A cached mandate with its IBAN and a cached token with its photo, as lookups leave them.
    stmt(counter.test.db, 'INSERT OR REPLACE INTO lookup_cache (kind, id, doc, fetched_at) VALUES (?, ?, ?, ?)').run(
      'mandate',
      424242,
      JSON.stringify({ iban: PERSONAL.iban, accountHolder: `${PERSONAL.birthname} ${PERSONAL.surname}` }),
      '2026-03-02T09:00:00.000Z',
    );
    stmt(counter.test.db, 'INSERT OR REPLACE INTO lookup_cache (kind, id, doc, fetched_at) VALUES (?, ?, ?, ?)').run(
      'token',
      424243,
      JSON.stringify({ photo: PERSONAL.photo, birthdate: PERSONAL.dateOfBirth }),
      '2026-03-02T09:00:00.000Z',
    );
    await counter.test.engine.settle();

    const file = value((await counter.dispatch('fleet.supportBundle', {})) as IpcResult<SupportFile>, 'supportBundle');

    expect(file.fileName).toBe('counter-support-2026-03-02T10-00-00-000Z.json');
    expect(readFileSync(file.savedTo, 'utf8')).toBe(file.content);
    expect(statSync(file.savedTo).mode & 0o077).toBe(0);
    const bundle = JSON.parse(file.content) as Record<string, unknown>;
    expect(bundle).toMatchObject({
      versions: { app: '1.4.0', node: process.versions.node },
      database: { atStart: { ok: true, problems: 0 }, now: { ok: true, problems: [] } },
      devices: { terminal: 'none', printer: 'ready' },
      outbox: { pending: 1, rejected: 0, setAside: 0, byState: { pending: 1 } },
      sync: { online: false, lastError: 'sync.unreachable' },
    });
    expect(bundle.log).toEqual(expect.arrayContaining([expect.stringMatching(/sync: offline, 1 to send/)]));
    const text = file.content.toLowerCase();
    for (const [what, secret] of Object.entries({ ...PERSONAL, bearer: BEARER, bearerPart: BEARER.split('.')[2]! })) {
      expect(text.includes(secret.toLowerCase()), `${what} in the bundle`).toBe(false);
    }
    expect(existsSync(join(folder.dir, 'support'))).toBe(true);
  });

  it('scrubs what looks like personal data or a token from any log line', () => {
    expect(scrub(`mail ${PERSONAL.emailAddress} iban ${PERSONAL.iban} token ${BEARER} pass 3528010000004411`)).toBe(
      'mail [removed] iban [removed] token [removed] pass [removed]',
    );
  });

  it('is a manager’s to make', async () => {
    const folder = tempDir('counter-support-');
    opened.push(() => folder.remove());
    const counter = await openCounter({
      dataDir: folder.dir,
      central: { url: 'http://127.0.0.1:9', bearerToken: BEARER },
      autoSync: false,
    });
    opened.push(() => counter.close());
    await clerk(counter).login();
    expect(await counter.dispatch('fleet.supportBundle', {})).toMatchObject({ ok: false, error: { code: 'session.managerOnly' } });
  });
});
