import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { CounterDb as Database } from '../db/database';
import type { IpcResult, Role, StaffMember, StaffRecord } from '../../../shared/ipc';
import { ok, refusal } from '../../../shared/refusals';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The demo staff: the README and docs/counter.md list them and their PINs. They exist only beside the embedded
 * demo central; a counter with a real central never accepts their PINs.
 */
export const DEMO_STAFF: { staffId: string; name: string; role: Role; pin: string }[] = [
  { staffId: 'anna', name: 'Anna de Vries', role: 'clerk', pin: '1234' },
  { staffId: 'mark', name: 'Mark Jansen', role: 'manager', pin: '9999' },
];

const MAX_TRIES = 5;
const LOCK_MS = 30_000;

function hashPin(pin: string, salt = randomBytes(16)): string {
  return `${salt.toString('base64')}:${scryptSync(pin, salt, 32).toString('base64')}`;
}

function pinMatches(pin: string, stored: string): boolean {
  const [salt, hash] = stored.split(':') as [string, string];
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(pin, Buffer.from(salt, 'base64'), 32);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

interface Row {
  staffId: string;
  name: string;
  role: Role;
  active: number;
  pin_hash: string;
}

const SELECT = 'SELECT staff_id AS staffId, name, role, active, pin_hash FROM staff';
const record = (row: Row): StaffRecord => ({ staffId: row.staffId, name: row.name, role: row.role, active: row.active === 1 });
const member = ({ staffId, name, role }: StaffMember): StaffMember => ({ staffId, name, role });

/**
 * The local staff list and who is at the counter. PINs are kept only as scrypt hashes;
 * wrong-PIN counts are in the database, so a restart does not reset a lockout.
 */
export class Staff {
  private current: StaffMember | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    /** True with the embedded demo central: the demo staff are there. False: they are removed. */
    demo: boolean,
  ) {
    const demoIds = DEMO_STAFF.map((s) => s.staffId);
    db.transaction(() => {
      if (!demo) {
        stmt(db, `DELETE FROM staff WHERE staff_id IN (${demoIds.map(() => '?').join(', ')})`).run(...demoIds);
        return;
      }
      if (this.count() > 0) return;
      const put = stmt(db, 'INSERT INTO staff (staff_id, name, role, pin_hash) VALUES (?, ?, ?, ?)');
      DEMO_STAFF.forEach((s) => put.run(s.staffId, s.name, s.role, hashPin(s.pin)));
    })();
  }

  private count(): number {
    return (stmt(this.db, 'SELECT COUNT(*) AS n FROM staff').get() as { n: number }).n;
  }

  private row(staffId: string): Row | undefined {
    return stmt(this.db, `${SELECT} WHERE staff_id = ?`).get(staffId) as Row | undefined;
  }

  /** No staff at all: the first manager must be set up before anything else. */
  firstRun(): boolean {
    return this.count() === 0;
  }

  /** Who may log in: the active staff. */
  list(): StaffMember[] {
    return (stmt(this.db, `${SELECT} WHERE active = 1 ORDER BY name`).all() as Row[]).map(member);
  }

  /** Everyone, disabled too, for the managers' staff list. */
  all(): StaffRecord[] {
    return (stmt(this.db, `${SELECT} ORDER BY name`).all() as Row[]).map(record);
  }

  login(staffId: string, pin: string): IpcResult<StaffMember> {
    const checked = this.checkPin(staffId, pin);
    if (!checked.ok) return checked;
    this.current = checked.value;
    return ok(this.current);
  }

  /**
   * A manager's approval given at someone else's session (a return at a clerk's till,
   * docs/counter.md §19): the manager's PIN, counted with the login's wrong PINs and lockout.
   * Who is logged in stays as it was.
   */
  approve(staffId: string, pin: string): IpcResult<StaffMember> {
    const checked = this.checkPin(staffId, pin);
    if (!checked.ok) return checked;
    return checked.value.role === 'manager' ? checked : refusal('forbidden', 'returns.managerPinOnly');
  }

  private checkPin(staffId: string, pin: string): IpcResult<StaffMember> {
    const now = this.now().getTime();
    const failed = stmt(this.db, 'SELECT count, until_ms AS until FROM login_failures WHERE staff_id = ?').get(staffId) as
      { count: number; until: number } | undefined;
    if (failed && failed.count >= MAX_TRIES && failed.until > now) {
      return refusal('unauthenticated', 'session.lockedOut', { seconds: Math.ceil((failed.until - now) / 1000) });
    }
    const row = this.row(staffId);
    if (!row || row.active !== 1 || !pinMatches(pin, row.pin_hash)) {
      const count = (failed && failed.until > now ? failed.count : 0) + 1;
      stmt(
        this.db,
        `INSERT INTO login_failures (staff_id, count, until_ms) VALUES (?, ?, ?)
         ON CONFLICT (staff_id) DO UPDATE SET count = excluded.count, until_ms = excluded.until_ms`,
      ).run(staffId, count, now + LOCK_MS);
      return refusal('unauthenticated', 'session.wrongPin');
    }
    stmt(this.db, 'DELETE FROM login_failures WHERE staff_id = ?').run(staffId);
    return ok(member(row));
  }

  /** The first manager of a counter with a real central; logged in at once. */
  setup(name: string, pin: string): IpcResult<StaffMember> {
    if (!this.firstRun()) return refusal('conflict', 'setup.done');
    const added = this.add(name, 'manager', pin);
    this.current = member(added);
    return ok(this.current);
  }

  add(name: string, role: Role, pin: string): StaffRecord {
    const staffId = randomUUID();
    stmt(this.db, 'INSERT INTO staff (staff_id, name, role, pin_hash) VALUES (?, ?, ?, ?)').run(staffId, name, role, hashPin(pin));
    return { staffId, name, role, active: true };
  }

  setActive(staffId: string, active: boolean): IpcResult<StaffRecord> {
    const row = this.row(staffId);
    if (!row) return refusal('not-found', 'staff.unknown');
    // The manager who asks stays active: so there is always an active manager.
    if (!active && staffId === this.current?.staffId) return refusal('conflict', 'staff.self');
    stmt(this.db, 'UPDATE staff SET active = ? WHERE staff_id = ?').run(active ? 1 : 0, staffId);
    return ok(record({ ...row, active: active ? 1 : 0 }));
  }

  /** A manager sets a new PIN; it also lifts a lockout. */
  resetPin(staffId: string, pin: string): IpcResult<StaffRecord> {
    const row = this.row(staffId);
    if (!row) return refusal('not-found', 'staff.unknown');
    this.db.transaction(() => {
      stmt(this.db, 'UPDATE staff SET pin_hash = ? WHERE staff_id = ?').run(hashPin(pin), staffId);
      stmt(this.db, 'DELETE FROM login_failures WHERE staff_id = ?').run(staffId);
    })();
    return ok(record(row));
  }

  logout(): void {
    this.current = null;
  }

  who(): StaffMember | null {
    return this.current;
  }
}
