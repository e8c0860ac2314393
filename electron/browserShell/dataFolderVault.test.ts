import { afterEach, describe, expect, it } from 'vitest';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../server/testing/fixtures';
import { dataFolderVault, TOKEN_KEY_FILE } from './dataFolderVault';

const folders: (() => void)[] = [];
afterEach(() => folders.splice(0).forEach((remove) => remove()));
const folder = () => {
  const made = tempDir('counter-vault-');
  folders.push(made.remove);
  return made.dir;
};

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXZpY2UifQ.c2lnbmF0dXJl';

describe('the data folder vault (docs/counter.md §18)', () => {
  it('seals a token that a vault on the same folder opens after a restart, under a key only the owner reads', () => {
    const dir = folder();
    const sealed = dataFolderVault(dir).encrypt(TOKEN);
    expect(sealed.toString('latin1')).not.toContain('eyJ');
    expect(sealed.toString('base64')).not.toContain('eyJ');
    expect(statSync(join(dir, TOKEN_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(dataFolderVault(dir).decrypt(sealed)).toBe(TOKEN);
  });

  it('seals the same token differently each time, and another folder’s key cannot open it', () => {
    const dir = folder();
    const vault = dataFolderVault(dir);
    expect(vault.encrypt(TOKEN).equals(vault.encrypt(TOKEN))).toBe(false);
    expect(() => dataFolderVault(folder()).decrypt(vault.encrypt(TOKEN))).toThrow();
  });

  it('refuses a key file that is not a key, naming it', () => {
    const dir = folder();
    writeFileSync(join(dir, TOKEN_KEY_FILE), 'short');
    expect(() => dataFolderVault(dir).encrypt(TOKEN)).toThrow(TOKEN_KEY_FILE);
  });
});
