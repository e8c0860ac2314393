import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isPostgresUrl } from '../domain/store/postgres/database';
import { done, refused, type Decided } from '../shared/outcome';
import type { SupportBundleEntry, SupportBundleUpload } from '../shared/schemas/fleet';

/** The bundle kept, or refused: the device uploaded one too lately and may again after this many seconds. */
type Saved = Decided<SupportBundleEntry, { retryAfterSeconds: number }>;

/** A device id that may name a folder: the central makes them as UUIDs; anything else is never a path. */
const STORABLE_DEVICE_ID = /^[A-Za-z0-9-]{1,100}$/;
/** A bundle's id: the time it came, `:` and `.` made `-`, and `-2`, `-3`… for more in the same millisecond. */
const BUNDLE_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d+))?$/;

export const isStorableDeviceId = (deviceId: string) => STORABLE_DEVICE_ID.test(deviceId);
export const isBundleId = (id: string) => BUNDLE_ID.test(id);

/**
 * What one counter and all of them may keep (docs/api.md §11.6, docs/operations.md §11): a
 * device's newest `perDevice` bundles, the folder within `totalBytes` (the oldest removed
 * first), and one upload per device every `minIntervalMs`.
 */
export interface BundleLimits {
  perDevice: number;
  totalBytes: number;
  minIntervalMs: number;
}

export const BUNDLE_LIMITS: BundleLimits = { perDevice: 5, totalBytes: 256 * 1024 * 1024, minIntervalMs: 2 * 60_000 };

/**
 * Where a central keeps the bundles when not told (docs/operations.md §11): beside a SQLite
 * file, else (PostgreSQL, a database in memory) in the working directory's `support-bundles/`.
 */
export function defaultSupportBundlesDir(db: string): string {
  const beside = isPostgresUrl(db) || db === ':memory:' ? process.cwd() : dirname(resolve(db));
  return join(beside, 'support-bundles');
}

function receivedAtOf(id: string): string | null {
  const m = BUNDLE_ID.exec(id);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}

/** Oldest first: by time, then by the same millisecond's `-2`, `-3`… (a plain string sort puts `-10` before `-2`). */
function byAge(a: { id: string; deviceId: string }, b: { id: string; deviceId: string }): number {
  const [ta, na] = [receivedAtOf(a.id)!, Number(BUNDLE_ID.exec(a.id)![6] ?? 1)];
  const [tb, nb] = [receivedAtOf(b.id)!, Number(BUNDLE_ID.exec(b.id)![6] ?? 1)];
  return ta.localeCompare(tb) || na - nb || a.deviceId.localeCompare(b.deviceId);
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const orEmpty = <T>(error: unknown): T[] | Promise<never> => (missing(error) ? [] : Promise.reject(error));

/** Where a page of the operators' list begins: after this bundle (the last of the page before). */
export type BundleAfter = { id: string; deviceId: string };

/**
 * The support bundles counters uploaded (docs/api.md §11.6): files, not database rows, so a
 * bundle never weighs on the order store or its backups. `<dir>/<deviceId>/<id>.json`, readable
 * by the central's user only.
 */
export class SupportBundles {
  /** Saves one at a time in this process, so two uploads of one device never both pass its limit. */
  private saving: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly clock: () => Date,
    readonly limits: BundleLimits = BUNDLE_LIMITS,
  ) {}

  /** Keeps a bundle of a device whose id `isStorableDeviceId`, or says when the device may upload again. */
  save(deviceId: string, bundle: SupportBundleUpload): Promise<Saved> {
    const saved = this.saving.then(() => this.saveNow(deviceId, bundle));
    this.saving = saved.catch(() => undefined);
    return saved;
  }

  private async saveNow(deviceId: string, bundle: SupportBundleUpload): Promise<Saved> {
    const folder = join(this.dir, deviceId);
    const now = this.clock();
    const newest = (await this.idsOf(deviceId)).at(-1);
    if (newest) {
      // From the files, not memory: the limit holds across restarts and --workers. A newest
      // bundle stamped in the future (the clock put back) does not lock the device out.
      const elapsed = now.getTime() - Date.parse(receivedAtOf(newest)!);
      if (elapsed >= 0 && elapsed < this.limits.minIntervalMs) {
        return refused({ retryAfterSeconds: Math.ceil((this.limits.minIntervalMs - elapsed) / 1000) });
      }
    }
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const receivedAt = now.toISOString();
    const stamp = receivedAt.replace(/[:.]/g, '-');
    const content = `${JSON.stringify(bundle, null, 2)}\n`;
    for (let n = 1; ; n++) {
      const id = n === 1 ? stamp : `${stamp}-${n}`;
      try {
        // 'wx': a second bundle in the same millisecond (another process) never overwrites the first.
        await writeFile(join(folder, `${id}.json`), content, { mode: 0o600, flag: 'wx' });
        const entry = { id, deviceId, bytes: Buffer.byteLength(content), receivedAt };
        await this.prune(entry);
        return done(entry);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  /** A device's bundle ids, oldest first. */
  private async idsOf(deviceId: string): Promise<string[]> {
    const files = await readdir(join(this.dir, deviceId)).catch(orEmpty<string>);
    return files
      .filter((f) => f.endsWith('.json') && isBundleId(f.slice(0, -5)))
      .map((f) => ({ id: f.slice(0, -5), deviceId }))
      .sort(byAge)
      .map((b) => b.id);
  }

  /** Every stored bundle's id and device, oldest first (no file is read or stat'ed). */
  private async all(): Promise<BundleAfter[]> {
    const devices = await readdir(this.dir, { withFileTypes: true }).catch(orEmpty<import('node:fs').Dirent>);
    const found: BundleAfter[] = [];
    for (const device of devices) {
      if (!device.isDirectory() || !isStorableDeviceId(device.name)) continue;
      for (const id of await this.idsOf(device.name)) found.push({ id, deviceId: device.name });
    }
    return found.sort(byAge);
  }

  /** After `kept` was written: the device's newest `perDevice`, then the folder within `totalBytes`, oldest removed first. */
  private async prune(kept: SupportBundleEntry): Promise<void> {
    const own = await this.idsOf(kept.deviceId);
    for (const id of own.slice(0, Math.max(0, own.length - this.limits.perDevice))) await this.remove(kept.deviceId, id);
    const all = await this.all();
    const sized = await Promise.all(all.map(async (b) => ({ ...b, bytes: await this.sizeOf(b) })));
    let total = sized.reduce((sum, b) => sum + b.bytes, 0);
    for (const b of sized) {
      if (total <= this.limits.totalBytes) break;
      if (b.id === kept.id && b.deviceId === kept.deviceId) continue;
      await this.remove(b.deviceId, b.id);
      total -= b.bytes;
    }
  }

  private sizeOf({ deviceId, id }: BundleAfter): Promise<number> {
    return stat(join(this.dir, deviceId, `${id}.json`)).then(
      (s) => s.size,
      (error: unknown) => (missing(error) ? 0 : Promise.reject(error)),
    );
  }

  private remove(deviceId: string, id: string): Promise<void> {
    return rm(join(this.dir, deviceId, `${id}.json`), { force: true });
  }

  /** A page of the stored bundles, newest first, after `after`; `next` is the page's last when more follow. */
  async list(limit: number, after: BundleAfter | null): Promise<{ bundles: SupportBundleEntry[]; next: BundleAfter | null }> {
    const newestFirst = (await this.all()).reverse();
    const start = after ? newestFirst.findIndex((b) => byAge(b, after) < 0) : 0;
    const page = start < 0 ? [] : newestFirst.slice(start, start + limit);
    const bundles = await Promise.all(page.map(async (b) => ({ ...b, bytes: await this.sizeOf(b), receivedAt: receivedAtOf(b.id)! })));
    const more = start >= 0 && start + limit < newestFirst.length;
    return { bundles, next: more ? page.at(-1)! : null };
  }

  /** One bundle's JSON text as stored, or null. */
  async read(deviceId: string, id: string): Promise<string | null> {
    if (!isStorableDeviceId(deviceId) || !isBundleId(id)) return null;
    return readFile(join(this.dir, deviceId, `${id}.json`), 'utf8').catch((error: unknown) =>
      missing(error) ? null : Promise.reject(error),
    );
  }
}
