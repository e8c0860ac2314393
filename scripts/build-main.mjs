// `npm run build:main`: Electron's main process and preload as CJS bundles, and the browser
// shell's bridge client as a browser script. Plain Node ESM, so it runs before anything is built.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const node = { absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', target: 'node22', sourcemap: true, logLevel: 'warning' };

const [main, preload, exportThread] = await Promise.all([
  // better-sqlite3 stays outside: a native addon, rebuilt for Electron by electron-builder and unpacked from the asar.
  build({
    ...node,
    entryPoints: ['electron/main.ts'],
    outfile: 'dist/electron/main.cjs',
    external: ['electron', 'better-sqlite3'],
    metafile: true,
  }),
  build({ ...node, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs', external: ['electron'], metafile: true }),
  // The export worker (electron/core/manager/exports.ts) runs in a thread of its own: its own bundle beside main.cjs.
  build({
    ...node,
    entryPoints: ['electron/core/manager/exportThread.ts'],
    outfile: 'dist/electron/exportThread.cjs',
    // pdfkit's ESM build, bundled as CJS, loses its import.meta.url and its fonts: required from node_modules as it ships.
    external: ['better-sqlite3', 'pdfkit'],
    metafile: true,
  }),
  // Same options as electron/browserShell/bridgeScript.ts, which builds it in memory when this output is missing or stale.
  build({
    absWorkingDir: root,
    entryPoints: ['electron/browserShell/client/bridge.ts'],
    outfile: 'dist/bridge/bridge.js',
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    logLevel: 'warning',
  }),
]);

// A sandboxed preload can require 'electron' and nothing else: fail the build, not the app at launch.
const required = Object.values(preload.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
const forbidden = required.filter((path) => path !== 'electron');
if (forbidden.length > 0) {
  console.error(`electron/preload.ts must only import 'electron' at runtime, but the bundle requires: ${forbidden.join(', ')}`);
  process.exit(1);
}

// What main.cjs and preload.cjs were made from, so that `npm start` rebuilds them only when one
// of these is newer (outside dist/electron/, which electron-builder packages).
const inputs = [
  ...new Set([
    ...Object.keys(main.metafile.inputs),
    ...Object.keys(preload.metafile.inputs),
    ...Object.keys(exportThread.metafile.inputs),
    'scripts/build-main.mjs',
  ]),
];
writeFileSync(
  join(root, 'dist', 'electron-inputs.json'),
  JSON.stringify({ outputs: ['dist/electron/main.cjs', 'dist/electron/preload.cjs', 'dist/electron/exportThread.cjs'], inputs }),
);
console.log('built dist/electron/main.cjs, preload.cjs, exportThread.cjs and dist/bridge/bridge.js');
