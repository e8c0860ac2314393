import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcResult } from '../../../shared/ipc';
import type { SupportFile } from '../../../shared/ipc/fleet';
import { tempDir } from '../../../server/testing/fixtures';
import { clerk, openCounter, value } from '../testing/counter';
import { BEARER, expectNoPersonalData, PERSONAL, seedPersonalData } from '../testing/personalData';
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
    await seedPersonalData(counter);
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
    expectNoPersonalData(file.content, [BEARER]);
    expect(existsSync(join(folder.dir, 'support'))).toBe(true);
  });

  it('scrubs what looks like personal data or a token from any log line', () => {
    expect(scrub(`mail ${PERSONAL.emailAddress} iban ${PERSONAL.iban} token ${BEARER} pass 3528010000004411`)).toBe(
      'mail [removed] iban [removed] token [removed] pass [removed]',
    );
  });

  it('is a manager’s to make and upload, and uploaded only by an enrolled counter', async () => {
    const folder = tempDir('counter-support-');
    opened.push(() => folder.remove());
    const counter = await openCounter({
      dataDir: folder.dir,
      central: { url: 'http://127.0.0.1:9', bearerToken: BEARER },
      autoSync: false,
    });
    opened.push(() => counter.close());
    await clerk(counter).login();
    for (const channel of ['fleet.supportBundle', 'fleet.uploadSupportBundle'] as const) {
      expect(await counter.dispatch(channel, {})).toMatchObject({ ok: false, error: { code: 'session.managerOnly' } });
    }
    // A touchpoint's token is no enrolment: the central takes bundles from enrolled counters only (docs/api.md §11.6).
    await clerk(counter).login('mark', '9999');
    expect(await counter.dispatch('fleet.uploadSupportBundle', {})).toMatchObject({ ok: false, error: { code: 'fleet.notEnrolled' } });
  });
});
