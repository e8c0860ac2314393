import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_ACCESS, channels, type Channel, type IpcResult, type StaffMember, type StaffRecord } from '../../shared/ipc';
import { tempDir } from '../../server/testing/fixtures';
import { countingIds, testClock, type TestClock } from './testing/clock';
import { openCounter, value, type TestCounter } from './testing/counter';

/**
 * Who may do what at the counter: the first run of a counter with a real central, the staff
 * list kept by managers, and the one gate every IPC call passes (session and role), on a
 * fresh database with a frozen clock. The central cannot be reached (port 9).
 */

const REAL_CENTRAL = { url: 'http://127.0.0.1:9', bearerToken: 'central-bearer-token-of-this-counter' };
const START = '2024-05-01T08:00:00.000Z';
const PUBLIC: Channel[] = [
  'session.staff',
  'session.login',
  'session.logout',
  'session.current',
  'session.status',
  'session.setup',
  'session.language',
  'sync.status',
  // A damaged database or a revoked counter is said on the login screen too.
  'fleet.status',
  // The first run enrols before anyone can log in; the handler then lets only a manager (fleet/enrolment.test.ts).
  'fleet.enrol',
];
/** Every channel only a manager may call, written here, not read from the declarations. */
const MANAGER_ONLY: Channel[] = [
  'staff.list',
  'staff.add',
  'staff.setActive',
  'staff.resetPin',
  'payments.refund',
  'settings.set',
  'settings.history',
  'sync.retry',
  'sync.problems',
  'sync.testConnection',
  'manager.orders',
  'manager.order',
  'manager.staleConcepts',
  'manager.cancelStale',
  'day.status',
  'day.open',
  'day.xReport',
  'day.close',
  'day.zReport',
  'day.list',
  'reports.summary',
  'reports.export',
  'audit.list',
  'terminal.refund',
  'terminal.totals',
  'terminal.test',
  'printer.test',
  'cash.drawer',
  'cash.openSession',
  'cash.closeSession',
  'cash.move',
  'cash.noSale',
  'fleet.supportBundle',
  'fleet.uploadSupportBundle',
];

let folder: ReturnType<typeof tempDir>;
let clock: TestClock;
const opened: TestCounter[] = [];

/** A counter beside a real central, without the tests' demo staff unless asked. */
async function open(options: { demoStaff?: boolean; file?: boolean } = {}) {
  const counter = await openCounter({
    dataDir: folder.dir,
    database: options.file ? join(folder.dir, 'counter.sqlite') : ':memory:',
    clock,
    newId: countingIds('acce5500'),
    central: REAL_CENTRAL,
    demoStaff: options.demoStaff ?? false,
  });
  opened.push(counter);
  return counter;
}

const call = async <T>(counter: TestCounter, channel: string, input: unknown = {}) =>
  (await counter.dispatch(channel, input)) as IpcResult<T>;

beforeEach(() => {
  folder = tempDir('counter-access-');
  clock = testClock(START);
});
afterEach(async () => {
  for (const counter of opened.splice(0)) await counter.close();
  folder.remove();
});

describe('the first run beside a real central', () => {
  it('has no demo staff and asks for the first manager before anything else', async () => {
    const counter = await open();
    expect(value(await call(counter, 'session.status'))).toMatchObject({ firstRun: true, embeddedCentral: false });
    expect(value(await call(counter, 'session.staff'))).toEqual([]);
    // The README's demo PINs open nothing here.
    expect(await call(counter, 'session.login', { staffId: 'mark', pin: '9999' })).toMatchObject({
      ok: false,
      error: { code: 'setup.needed' },
    });
    expect(await call(counter, 'orders.search', { text: 'x' })).toMatchObject({ ok: false, error: { code: 'session.required' } });

    // A PIN of at least 6 digits.
    const short = await call(counter, 'session.setup', { name: 'Petra Bos', pin: '1234' });
    expect(short).toMatchObject({ ok: false, error: { code: 'request.invalid', errors: [{ pointer: '/pin' }] } });
    const petra = value(await call<StaffMember>(counter, 'session.setup', { name: 'Petra Bos', pin: '246810' }));
    expect(petra).toMatchObject({ name: 'Petra Bos', role: 'manager' });
    expect(value(await call(counter, 'session.current'))).toEqual(petra);
    expect(value(await call(counter, 'session.status'))).toMatchObject({ firstRun: false });

    // Only once.
    expect(await call(counter, 'session.setup', { name: 'Intruder', pin: '111111' })).toMatchObject({
      ok: false,
      error: { code: 'setup.done' },
    });
    expect(value(await call<StaffRecord[]>(counter, 'staff.list')).map((s) => s.name)).toEqual(['Petra Bos']);
  });

  it('removes demo staff a counter had from its demo days once it has a real central', async () => {
    await (await open({ demoStaff: true, file: true })).close();
    const counter = await open({ file: true });
    expect(value(await call(counter, 'session.staff'))).toEqual([]);
    expect(value(await call(counter, 'session.status'))).toMatchObject({ firstRun: true });
  });

  it('has the demo staff beside the embedded demo central', async () => {
    const counter = await openCounter({ dataDir: folder.dir, database: ':memory:', clock, demoStaff: false, autoSync: false });
    opened.push(counter);
    expect(value(await call<StaffMember[]>(counter, 'session.staff')).map((s) => s.staffId)).toEqual(['anna', 'mark']);
    expect(value(await call(counter, 'session.status'))).toMatchObject({ firstRun: false, embeddedCentral: true });
  });

  it('keeps a wrong-PIN lockout over a restart', async () => {
    const first = await open({ file: true });
    const petra = value(await call<StaffMember>(first, 'session.setup', { name: 'Petra Bos', pin: '246810' }));
    for (let i = 0; i < 5; i++) await call(first, 'session.login', { staffId: petra.staffId, pin: '000000' });
    await first.close();

    const second = await open({ file: true });
    const locked = await call(second, 'session.login', { staffId: petra.staffId, pin: '246810' });
    expect(locked).toMatchObject({ ok: false, error: { code: 'session.lockedOut', params: { seconds: 30 } } });
    clock.advance(30_001);
    expect(await call(second, 'session.login', { staffId: petra.staffId, pin: '246810' })).toMatchObject({ ok: true });
  });
});

describe('the staff list', () => {
  async function withManager() {
    const counter = await open();
    const manager = value(await call<StaffMember>(counter, 'session.setup', { name: 'Petra Bos', pin: '246810' }));
    const clerk = value(await call<StaffRecord>(counter, 'staff.add', { name: 'Sem Visser', role: 'clerk', pin: '135790' }));
    return { counter, manager, clerk };
  }

  it('is kept by managers: add, disable, enable again; a disabled clerk cannot log in', async () => {
    const { counter, manager, clerk } = await withManager();
    expect(clerk).toMatchObject({ name: 'Sem Visser', role: 'clerk', active: true });
    expect(value(await call(counter, 'staff.setActive', { staffId: clerk.staffId, active: false }))).toMatchObject({ active: false });
    expect(value(await call<StaffMember[]>(counter, 'session.staff')).map((s) => s.name)).toEqual(['Petra Bos']);
    expect(await call(counter, 'session.login', { staffId: clerk.staffId, pin: '135790' })).toMatchObject({
      error: { code: 'session.wrongPin' },
    });

    await call(counter, 'session.login', { staffId: manager.staffId, pin: '246810' });
    await call(counter, 'staff.setActive', { staffId: clerk.staffId, active: true });
    expect(value(await call(counter, 'session.login', { staffId: clerk.staffId, pin: '135790' }))).toMatchObject({ role: 'clerk' });
  });

  it('lets only a manager reset a PIN, which also lifts a lockout', async () => {
    const { counter, manager, clerk } = await withManager();
    for (let i = 0; i < 5; i++) await call(counter, 'session.login', { staffId: clerk.staffId, pin: '000000' });
    await call(counter, 'session.logout');
    await call(counter, 'session.login', { staffId: manager.staffId, pin: '246810' });
    expect(value(await call(counter, 'staff.resetPin', { staffId: clerk.staffId, pin: '864200' }))).toMatchObject({
      staffId: clerk.staffId,
      name: 'Sem Visser',
    });
    expect(await call(counter, 'staff.resetPin', { staffId: 'nobody', pin: '864200' })).toMatchObject({ error: { code: 'staff.unknown' } });

    value(await call(counter, 'session.login', { staffId: clerk.staffId, pin: '864200' }));
    const byClerk = await call(counter, 'staff.resetPin', { staffId: clerk.staffId, pin: '111111' });
    expect(byClerk).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'session.managerOnly' } });
    expect(await call(counter, 'staff.add', { name: 'Friend', role: 'manager', pin: '111111' })).toMatchObject({
      error: { code: 'session.managerOnly' },
    });
  });

  it('never lets a manager disable themself, so an active manager always remains', async () => {
    const { counter, manager } = await withManager();
    expect(await call(counter, 'staff.setActive', { staffId: manager.staffId, active: false })).toMatchObject({
      error: { code: 'staff.self' },
    });
    const other = value(await call<StaffRecord>(counter, 'staff.add', { name: 'Ruud Smit', role: 'manager', pin: '975310' }));
    await call(counter, 'session.login', { staffId: other.staffId, pin: '975310' });
    expect(value(await call(counter, 'staff.setActive', { staffId: manager.staffId, active: false }))).toMatchObject({ active: false });
    expect(await call(counter, 'staff.setActive', { staffId: other.staffId, active: false })).toMatchObject({
      error: { code: 'staff.self' },
    });
  });
});

describe('the IPC gate', () => {
  const snapshot = (counter: TestCounter) =>
    ['orders', 'outbox', 'staff', 'settings', 'settings_audit', 'login_failures'].map((table) =>
      counter.test.db.prepare(`SELECT * FROM ${table}`).all(),
    );

  it('names exactly the login screen’s calls public', () => {
    expect(
      Object.entries(CHANNEL_ACCESS)
        .filter(([, access]) => access === 'public')
        .map(([c]) => c)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('refuses every other channel without a session, before its input is even read, changing nothing', async () => {
    const counter = await open({ demoStaff: true });
    const before = snapshot(counter);
    const gated = (Object.keys(channels) as Channel[]).filter((c) => !PUBLIC.includes(c));
    expect(gated.length).toBeGreaterThan(25);
    for (const channel of gated) {
      for (const input of [{}, { orderId: 'c0c0c0c0-0000-4000-8000-000000000001' }, null]) {
        const answer = await call(counter, channel, input);
        expect(answer, channel).toEqual({
          ok: false,
          error: { kind: 'unauthenticated', code: 'session.required', params: {}, message: 'Log in first.', errors: [] },
        });
      }
    }
    expect(snapshot(counter)).toEqual(before);
  });

  it('declares exactly the listed channels a manager’s', () => {
    const declared = (Object.keys(CHANNEL_ACCESS) as Channel[]).filter((c) => CHANNEL_ACCESS[c] === 'manager');
    expect(declared.sort()).toEqual([...MANAGER_ONLY].sort());
  });

  it('refuses a clerk every manager channel, whatever the input, and lets a manager through', async () => {
    const counter = await open({ demoStaff: true });
    await call(counter, 'session.login', { staffId: 'anna', pin: '1234' });
    for (const channel of MANAGER_ONLY) {
      expect(await call(counter, channel, {}), channel).toMatchObject({
        ok: false,
        error: { kind: 'forbidden', code: 'session.managerOnly' },
      });
    }
    await call(counter, 'session.login', { staffId: 'mark', pin: '9999' });
    expect(await call(counter, 'settings.history')).toEqual({ ok: true, value: [] });
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '', 'orders.drop', 'ORDERS.GET'])(
    'refuses the channel name "%s" with a clear error',
    async (name) => {
      const counter = await open({ demoStaff: true });
      const answer = await call(counter, name);
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid', code: 'request.unknownChannel', params: { channel: name } } });
    },
  );

  it('refuses names that are no strings', async () => {
    const counter = await open({ demoStaff: true });
    for (const name of [42, null, undefined, {}, ['orders.get']]) {
      expect(await call(counter, name as unknown as string)).toMatchObject({ ok: false, error: { code: 'request.unknownChannel' } });
    }
  });
});
