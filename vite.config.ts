import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The counter's renderer: built into dist/renderer with relative asset paths, so that
 * Electron (file://) and the browser shell (served from dist/renderer) load the same files.
 * The page's CSP forbids inline scripts and styles: everything is emitted as files.
 */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // No inline module-preload polyfill: Electron's Chromium and the shell's Chromium support it.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the chunk graph the bundle budget reads (scripts/testing/bundleBudget.ts).
    manifest: true,
    assetsInlineLimit: 0,
    sourcemap: true,
    target: 'chrome120',
  },
  server: { host: '127.0.0.1' },
});
