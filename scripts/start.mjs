// `npm start`: the Electron app when Electron's binary is installed or can be fetched now,
// otherwise the same counter in the browser shell, saying why. Plain Node ESM (no TypeScript):
// it runs before anything is built.
//
// Electron's own install script is off in package.json (allowScripts) so that `npm ci` works
// offline and on machines that reach only the npm registry; the binary is fetched here instead,
// on the first start, with its own checksums, and a short probe first so an offline machine
// falls back at once. COUNTER_SHELL=browser skips Electron altogether.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, 'package.json'));

/** The binary's path; null when electron's download never ran (its module then throws) or the file is gone. */
function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const PROBE_MS = 5_000;
const DOWNLOAD_MS = 180_000;

/** The words of a failed fetch: its cause's code (ENOTFOUND, ECONNREFUSED…) or message. */
function reasonOf(error) {
  const cause = error?.cause;
  if (error?.name === 'TimeoutError') return `no answer within ${PROBE_MS / 1000} s`;
  return cause?.code ?? cause?.message ?? error?.message ?? String(error);
}

/**
 * Fetches Electron's binary with its install script (which checks the download against the
 * package's checksums). Null when it is there now, else the real reason it is not.
 */
async function fetchElectron() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return 'ELECTRON_SKIP_BINARY_DOWNLOAD is set';
  const release = process.env.ELECTRON_MIRROR || 'https://github.com/electron/electron/releases/';
  try {
    await fetch(release, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(PROBE_MS) });
  } catch (error) {
    return `Electron's release host ${new URL(release).host} cannot be reached (${reasonOf(error)})`;
  }
  console.log("Electron's binary is not installed yet: fetching it (once)…");
  let stderr = '';
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('electron/install.js')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'pipe'],
      timeout: DOWNLOAD_MS,
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode, signal) => resolve(signal ? `killed after ${DOWNLOAD_MS / 1000} s` : exitCode));
  });
  if (code === 0 && electronBinary()) return null;
  const last =
    stderr
      .trim()
      .split('\n')
      .find((line) => /error/i.test(line)) ?? `exit ${code}`;
  return `the download of Electron's binary failed (${last.trim()})`;
}

/** Runs a child with our terminal; resolves with its exit code, passing SIGINT/SIGTERM on to it. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** `npm run <script>`, with the npm that runs us when there is one (npm_execpath), so no shell is needed. */
async function npmRun(script) {
  const npm = process.env.npm_execpath;
  const code = npm
    ? await run(process.execPath, [npm, 'run', script])
    : await run('npm', ['run', script], { shell: process.platform === 'win32' });
  if (code !== 0) {
    console.error(`npm run ${script} failed (exit code ${code}).`);
    process.exit(code);
  }
}

const rendererBuilt = () => existsSync(join(root, 'dist', 'renderer', 'index.html'));

/** main.cjs and preload.cjs are there and newer than every file build:main made them from (it lists them). */
function mainBuilt() {
  try {
    const { outputs, inputs } = JSON.parse(readFileSync(join(root, 'dist', 'electron-inputs.json'), 'utf8'));
    const builtAt = Math.min(...outputs.map((path) => statSync(join(root, path)).mtimeMs));
    return inputs.every((path) => statSync(join(root, path)).mtimeMs < builtAt);
  } catch {
    return false; // never built, or a file it was built from is gone
  }
}

async function main() {
  let why = 'COUNTER_SHELL=browser';
  if (process.env.COUNTER_SHELL !== 'browser' && !electronBinary()) why = await fetchElectron();
  const electron = process.env.COUNTER_SHELL === 'browser' ? null : electronBinary();
  if (electron) {
    if (!rendererBuilt()) await npmRun('build:renderer');
    if (!mainBuilt()) await npmRun('build:main');
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE; // would make the binary a plain Node
    process.exit(await run(electron, [root, ...process.argv.slice(2)], { env }));
  }
  console.log(`No Electron: ${why}. Starting the browser shell instead: open the address below in a browser.`);
  if (!rendererBuilt()) await npmRun('build:renderer');
  // tsx as a loader in this same node: one child, so Ctrl-C and SIGTERM reach the shell directly.
  process.exit(await run(process.execPath, ['--import', 'tsx', 'electron/browserShell/cli.ts', ...process.argv.slice(2)]));
}

main().catch((error) => {
  console.error('npm start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
