import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startDemoTerminal } from '../../devtools/terminalSimulator/demo';
import { startBrowserShell } from './server';

/**
 * `npm run web -- [--port P] [--data-dir D]`: the counter in a browser, for machines without
 * Electron's binary and for end-to-end tests. Runs from the repository under tsx (so
 * import.meta.url is this file, not a bundle).
 */

const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../assets/fixtures/demo.json', import.meta.url));

/** COUNTER_DATA_DIR, else the platform's per-user data folder (not Electron's userData: no Electron here). */
function defaultDataDir(): string {
  if (process.env.COUNTER_DATA_DIR) return process.env.COUNTER_DATA_DIR;
  if (process.platform === 'win32' && process.env.APPDATA) return join(process.env.APPDATA, 'counter');
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'counter');
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    console.error(`--port must be a number from 0 to 65535 (0: any free port), not "${value}"`);
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
    strict: true,
  });
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    console.error(
      'The renderer is not built (dist/renderer/index.html is missing): run `npm run build:renderer` first, or `npm start`, which builds it.',
    );
    process.exit(1);
  }
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const shell = await startBrowserShell({
    port: parsePort(values.port),
    rendererDir: RENDERER_DIR,
    dataDir,
    fixtures: FIXTURES,
    // The demo's terminal: used when terminal.url is "simulator", or unset beside the embedded central (docs/api.md §9.1).
    terminal: { simulator: startDemoTerminal },
    onLaunchUrl: (url) => console.log(`the address was used; for another browser or window: ${url}`),
  });
  const about = shell.core.describe();
  console.log(`counter (browser shell) on ${shell.url}  (this address opens once)`);
  console.log(`data in ${about.dataDir}; central ${about.centralUrl}${about.embeddedCentral ? ' (embedded demo central)' : ''}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    shell.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The counter did not close cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The browser shell could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
