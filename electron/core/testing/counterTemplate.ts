import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteSetting } from '../db/settings';
import { testClock } from './clock';
import { openCounter } from './counter';

/** Memory-backed where the system has it: the counter's commits then cost no disk sync. */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/**
 * Opening a counter on an empty database runs every migration, seeds the catalogue and hashes
 * the demo staff's PINs (scrypt, tens of milliseconds each): most of a unit test's time. A
 * template holds all that as a counter first opened at `now` leaves it (the catalogue, cached
 * tokens and mandates are stamped with that moment, and the retention job judges them by it),
 * made once per process and moment. Kept in memory, its folder removed at once: test workers
 * are ended without an exit event, so anything left for exit stays in the scratch dir. A failed
 * making is not kept, so the next test tries again. Its deviceId is random.
 */
const templates = new Map<string, Promise<Buffer>>();
function counterTemplate(now: string): Promise<Buffer> {
  let template = templates.get(now);
  if (!template) {
    template = (async () => {
      const dir = mkdtempSync(join(SCRATCH, 'counter-template-'));
      try {
        const database = join(dir, 'counter.sqlite');
        // A central that is never called: without one the counter would start an embedded central.
        const central = { url: 'http://127.0.0.1:9', bearerToken: 'counter-template' };
        const counter = await openCounter({ dataDir: dir, database, clock: testClock(now), central, autoSync: false });
        await counter.close();
        return readFileSync(database);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    template.catch(() => templates.delete(now));
    templates.set(now, template);
  }
  return template;
}

export interface CounterCopy {
  /** A folder of this test's own in the scratch dir: the counter's data folder. */
  dir: string;
  /** The copy of the template in `dir`, for the counter's `database`. */
  database: string;
  remove(): void;
}

/**
 * A per-test folder holding a copy of the template made at `now`. `firstStart`: the copy lacks
 * what a counter's first start makes with its own ids and code, which it then makes as on an
 * empty database: the deviceId (the first id its newId answers, the ids after it the same as
 * there) and the mark that the manager's facts index has taken in the orders held before it
 * (manager/facts.ts, indexExisting).
 */
export async function counterCopy(prefix: string, now: string, options: { firstStart?: boolean } = {}): Promise<CounterCopy> {
  const template = await counterTemplate(now);
  const dir = mkdtempSync(join(SCRATCH, prefix));
  const database = join(dir, 'counter.sqlite');
  writeFileSync(database, template);
  if (options.firstStart) {
    const db = new Database(database);
    deleteSetting(db, 'deviceId');
    deleteSetting(db, 'manager.indexedAll');
    db.close();
  }
  return { dir, database, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
