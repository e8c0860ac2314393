import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenVault } from '../core/types';

/** The key's file in the counter's data folder (docs/counter.md §18). */
export const TOKEN_KEY_FILE = 'central-token.key';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A vault for a counter without an OS keychain (the browser shell): central tokens are sealed
 * with AES-256-GCM under a random key of its own, kept in the data folder (owner only, as the
 * folder is), so the token survives a restart as the Electron shell's does, and the database,
 * its backups and support bundles never hold it in plain text. Whoever can read the data
 * folder can open it; the keychain is what the Electron shell adds to that.
 */
export function dataFolderVault(dataDir: string): TokenVault {
  const file = join(dataDir, TOKEN_KEY_FILE);
  let key: Buffer | null = null;
  const theKey = (): Buffer => {
    if (key) return key;
    try {
      key = readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // `wx`: of two starts at once, the second reads the first's key instead of overwriting it.
      try {
        writeFileSync(file, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
      } catch (raced) {
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      }
      key = readFileSync(file);
    }
    if (key.length !== KEY_BYTES) throw new Error(`${TOKEN_KEY_FILE} in the data folder is not a key: remove it and enrol again`);
    return key;
  };
  return {
    storage: 'dataFolder',
    isAvailable: () => true,
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', theKey(), iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
    },
    decrypt(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', theKey(), sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
