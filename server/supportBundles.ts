import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isPostgresUrl } from '../domain/store/postgres/database';
import type { SupportBundleEntry, SupportBundleUpload } from '../shared/schemas/fleet';

/** A device id that may name a folder: the central makes them as UUIDs; anything else is never a path. */
const STORABLE_DEVICE_ID = /^[A-Za-z0-9-]{1,100}$/;
/** A bundle's id: the time it came, `:` and `.` made `-`, and `-2`, `-3`… for more in the same millisecond. */
const BUNDLE_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-\d+)?$/;

export const isStorableDeviceId = (deviceId: string) => STORABLE_DEVICE_ID.test(deviceId);

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

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The support bundles counters uploaded (docs/api.md §11.6): files, not database rows, so a
 * bundle never weighs on the order store or its backups. `<dir>/<deviceId>/<id>.json`, readable
 * by the central's user only.
 */
export class SupportBundles {
  constructor(
    readonly dir: string,
    private readonly clock: () => Date,
  ) {}

  /** Keeps a bundle of a device whose id `isStorableDeviceId`. */
  async save(deviceId: string, bundle: SupportBundleUpload): Promise<SupportBundleEntry> {
    const folder = join(this.dir, deviceId);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const receivedAt = this.clock().toISOString();
    const stamp = receivedAt.replace(/[:.]/g, '-');
    const content = `${JSON.stringify(bundle, null, 2)}\n`;
    for (let n = 1; ; n++) {
      const id = n === 1 ? stamp : `${stamp}-${n}`;
      try {
        // 'wx': a second bundle in the same millisecond never overwrites the first.
        await writeFile(join(folder, `${id}.json`), content, { mode: 0o600, flag: 'wx' });
        return { id, deviceId, bytes: Buffer.byteLength(content), receivedAt };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  /** Every stored bundle, newest first. */
  async list(): Promise<SupportBundleEntry[]> {
    const devices = await readdir(this.dir, { withFileTypes: true }).catch((error: unknown) =>
      missing(error) ? [] : Promise.reject(error),
    );
    const entries: SupportBundleEntry[] = [];
    for (const device of devices) {
      if (!device.isDirectory() || !isStorableDeviceId(device.name)) continue;
      for (const file of await readdir(join(this.dir, device.name))) {
        const id = file.replace(/\.json$/, '');
        const receivedAt = receivedAtOf(id);
        if (!file.endsWith('.json') || receivedAt === null) continue;
        const { size } = await stat(join(this.dir, device.name, file));
        entries.push({ id, deviceId: device.name, bytes: size, receivedAt });
      }
    }
    return entries.sort((a, b) => b.id.localeCompare(a.id) || a.deviceId.localeCompare(b.deviceId));
  }

  /** One bundle's JSON text as stored, or null. */
  async read(deviceId: string, id: string): Promise<string | null> {
    if (!isStorableDeviceId(deviceId) || receivedAtOf(id) === null) return null;
    return readFile(join(this.dir, deviceId, `${id}.json`), 'utf8').catch((error: unknown) =>
      missing(error) ? null : Promise.reject(error),
    );
  }
}
