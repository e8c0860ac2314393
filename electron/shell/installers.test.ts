import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The installers a field technician runs unattended (docs/operations.md §12), as electron-builder.yml asks for them. */

const yml = readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8');
/** The value of `key:` in the block `block:` (two-space indented). */
const inBlock = (block: string, key: string) => new RegExp(`^${block}:\\n(?:  .*\\n|\\s*#.*\\n)*?  ${key}: (.+)$`, 'm').exec(yml)?.[1];

describe('electron-builder.yml', () => {
  it('makes a per-machine NSIS installer (silent with /S) and a deb and an AppImage', () => {
    expect(inBlock('nsis', 'perMachine')).toBe('true');
    expect(inBlock('nsis', 'oneClick')).toBe('false');
    expect(yml).toMatch(/^win:\n {2}target:\n {4}- nsis$/m);
    expect(yml).toMatch(/^linux:\n {2}target:\n {4}- AppImage\n {4}- deb$/m);
  });

  it('writes the generic update feed beside the installers', () => {
    expect(inBlock('publish', 'provider')).toBe('generic');
  });
});
