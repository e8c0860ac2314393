import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Role, StaffMember } from '../../shared/ipc';
import { stmt } from '../../domain/store/statements';

/** The demo staff of a fresh install: the README lists them and their PINs. */
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

/** The local staff list and who is at the counter; PINs are kept only as scrypt hashes. */
export class Staff {
  private current: StaffMember | null = null;
  private failures = new Map<string, { count: number; until: number }>();

  constructor(private readonly db: Database, private readonly now: () => Date) {
    const count = (stmt(db, 'SELECT COUNT(*) AS n FROM staff').get() as { n: number }).n;
    if (count === 0) {
      const put = stmt(db, 'INSERT INTO staff (staff_id, name, role, pin_hash) VALUES (?, ?, ?, ?)');
      db.transaction(() => DEMO_STAFF.forEach((s) => put.run(s.staffId, s.name, s.role, hashPin(s.pin))))();
    }
  }

  list(): StaffMember[] {
    return stmt(this.db, 'SELECT staff_id AS staffId, name, role FROM staff ORDER BY name').all() as StaffMember[];
  }

  /** Null with a reason when the PIN is wrong or too many wrong PINs were tried. */
  login(staffId: string, pin: string): StaffMember | string {
    const failed = this.failures.get(staffId);
    const now = this.now().getTime();
    if (failed && failed.count >= MAX_TRIES && failed.until > now) {
      return `too many wrong PINs: try again in ${Math.ceil((failed.until - now) / 1000)} seconds`;
    }
    const row = stmt(this.db, 'SELECT staff_id AS staffId, name, role, pin_hash FROM staff WHERE staff_id = ?').get(staffId) as
      | (StaffMember & { pin_hash: string })
      | undefined;
    if (!row || !pinMatches(pin, row.pin_hash)) {
      const count = (failed && failed.until > now ? failed.count : 0) + 1;
      this.failures.set(staffId, { count, until: now + LOCK_MS });
      return 'the name or PIN is not right';
    }
    this.failures.delete(staffId);
    this.current = { staffId: row.staffId, name: row.name, role: row.role };
    return this.current;
  }

  logout(): void {
    this.current = null;
  }

  who(): StaffMember | null {
    return this.current;
  }
}
