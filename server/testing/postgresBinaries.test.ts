import { chmodSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from './fixtures';
import { closedDirs, linkTree } from './postgresBinaries';

/**
 * The folder as root's test PostgreSQL needs it: a package inside a private folder (mode 0700,
 * as a checkout under root's home or a `mktemp -d`) linked out into one every user can enter.
 */

function file(path: string, text: string, mode: number) {
  writeFileSync(path, text);
  chmodSync(path, mode);
}

let base: ReturnType<typeof tempDir>;
let checkout: string;
let pkg: string;

beforeEach(() => {
  base = tempDir('pg-binaries-test-');
  chmodSync(base.dir, 0o755);
  checkout = join(base.dir, 'private');
  pkg = join(checkout, 'node_modules', 'binaries');
  mkdirSync(join(pkg, 'native', 'bin'), { recursive: true });
  mkdirSync(join(pkg, 'native', 'lib'));
  chmodSync(checkout, 0o700);
  file(join(pkg, 'package.json'), '{"type":"module"}', 0o644);
  file(join(pkg, 'native', 'bin', 'initdb'), '#!/bin/sh\n', 0o755);
  file(join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'library', 0o644);
  // A file only its owner may read, as an install under umask 077 leaves it.
  file(join(pkg, 'native', 'lib', 'private.so'), 'owner only', 0o700);
  symlinkSync('libpq.so.5.18', join(pkg, 'native', 'lib', 'libpq.so.5'));
});

afterEach(() => base.remove());

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('closedDirs', () => {
  it('names the private folder on the way to the binaries, and nothing more than the temp dir does on the way to an open one', () => {
    const aboveBase = closedDirs(base.dir);
    expect(closedDirs(join(pkg, 'native', 'bin'))).toEqual([checkout, ...aboveBase]);
    const open = join(base.dir, 'open');
    mkdirSync(open, { mode: 0o755 });
    expect(closedDirs(open)).toEqual(aboveBase);
  });
});

describe('linkTree', () => {
  it('copies the package out of the private folder, open to every user, version links kept', () => {
    const copy = join(base.dir, 'binaries');
    linkTree(pkg, copy);

    expect(closedDirs(join(copy, 'native', 'bin'))).toEqual(closedDirs(base.dir));
    for (const dir of [copy, join(copy, 'native'), join(copy, 'native', 'bin'), join(copy, 'native', 'lib')]) {
      expect(modeOf(dir)).toBe(0o755);
    }
    expect(modeOf(join(copy, 'native', 'bin', 'initdb'))).toBe(0o755);
    expect(modeOf(join(copy, 'native', 'lib', 'libpq.so.5.18'))).toBe(0o644);
    expect(readFileSync(join(copy, 'native', 'lib', 'libpq.so.5.18'), 'utf8')).toBe('library');
    expect(readlinkSync(join(copy, 'native', 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
    expect(readFileSync(join(copy, 'native', 'lib', 'libpq.so.5'), 'utf8')).toBe('library');
    expect(readFileSync(join(copy, 'package.json'), 'utf8')).toBe('{"type":"module"}');
  });

  it('hard-links files already open to others, and copies an owner-only file with its read and execute bits given to all', () => {
    const copy = join(base.dir, 'binaries');
    linkTree(pkg, copy);

    const [original, linked] = [join(pkg, 'native', 'bin', 'initdb'), join(copy, 'native', 'bin', 'initdb')];
    expect(statSync(linked).ino).toBe(statSync(original).ino);

    const [closed, copied] = [join(pkg, 'native', 'lib', 'private.so'), join(copy, 'native', 'lib', 'private.so')];
    expect(statSync(copied).ino).not.toBe(statSync(closed).ino);
    expect(modeOf(copied)).toBe(0o755);
    expect(modeOf(closed)).toBe(0o700);
    expect(readFileSync(copied, 'utf8')).toBe('owner only');
  });
});
