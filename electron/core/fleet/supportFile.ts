import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupportFile } from '../../../shared/ipc/fleet';
import { supportBundle, type SupportBundleInput } from './supportBundle';

/**
 * Writes a support bundle to the data folder's `support/` (the owner's only, as the data folder)
 * and answers it for the screen to offer as a download (docs/counter.md §18); supportUpload.ts
 * sends the same content to the central instead.
 */
export async function saveSupportBundle(dataDir: string, input: SupportBundleInput): Promise<SupportFile> {
  const content = `${JSON.stringify(supportBundle(input), null, 2)}\n`;
  const fileName = `counter-support-${input.now.toISOString().replace(/[:.]/g, '-')}.json`;
  const folder = join(dataDir, 'support');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const savedTo = join(folder, fileName);
  writeFileSync(savedTo, content, { mode: 0o600 });
  return { fileName, mimeType: 'application/json', encoding: 'utf8', content, savedTo };
}
