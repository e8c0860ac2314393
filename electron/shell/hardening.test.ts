import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { guardWebContents, windowPreferences, type GuardedContents } from './policy';

/**
 * The Electron hardening that cannot run here (no Electron binary) is checked where it is
 * written down: the fuses in the packaging configuration, the policy module's window
 * preferences and app-wide guard, and main.ts wiring that guard to every webContents.
 * Dropping any of them fails this file.
 */

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The `electronFuses:` block of electron-builder.yml, as key → value. */
function fuses(): Record<string, string> {
  const lines = read('electron-builder.yml').split('\n');
  const start = lines.findIndex((l) => l.trim() === 'electronFuses:');
  expect(start, 'electron-builder.yml has an electronFuses block').toBeGreaterThan(-1);
  const block: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    const m = /^\s+(\w+):\s*(\S+)\s*$/.exec(line);
    if (!m) break;
    block[m[1]!] = m[2]!;
  }
  return block;
}

describe('packaging', () => {
  it('flips the fuses that close the installed app to other code', () => {
    expect(fuses()).toEqual({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
      enableCookieEncryption: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    });
    expect(read('electron-builder.yml')).toMatch(/^asar: true$/m);
  });
});

describe('the policy module', () => {
  it('keeps the window isolated and sandboxed, DevTools only in development', () => {
    const hardened = { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false };
    expect(windowPreferences(true)).toMatchObject({ ...hardened, devTools: false });
    expect(windowPreferences(false)).toMatchObject({ ...hardened, devTools: true });
  });

  function contents() {
    const listeners: Record<string, (event?: unknown) => void> = {};
    const fake: GuardedContents & { opened?: () => unknown; closed: number } = {
      closed: 0,
      onNavigation: (l) => void (listeners.navigate = l as never),
      onAttachWebview: (l) => void (listeners.webview = l as never),
      onDevToolsOpened: (l) => void (listeners.devtools = l),
      setWindowOpenHandler: (h) => void (fake.opened = h),
      closeDevTools: () => void fake.closed++,
    };
    return { fake, listeners };
  }

  it('guards a webContents: only the app’s pages, no windows, no <webview>, no DevTools when packaged', () => {
    const { fake, listeners } = contents();
    guardWebContents(fake, true);
    const navigate = (url: string) => {
      const event = { url, preventDefault: vi.fn() };
      listeners.navigate!(event);
      return event.preventDefault.mock.calls.length === 0;
    };
    expect(navigate('app://counter/index.html')).toBe(true);
    expect(navigate('https://evil.example/')).toBe(false);
    expect(navigate('file:///etc/passwd')).toBe(false);
    const webview = { preventDefault: vi.fn() };
    listeners.webview!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(fake.opened?.()).toEqual({ action: 'deny' });
    listeners.devtools!();
    expect(fake.closed).toBe(1);
  });

  it('leaves DevTools to the developer in an unpackaged build', () => {
    const { fake, listeners } = contents();
    guardWebContents(fake, false);
    expect(listeners.devtools).toBeUndefined();
  });
});

describe('main.ts', () => {
  it('applies the guard to every webContents, app-wide', () => {
    const main = read('electron/main.ts');
    expect(main).toMatch(/app\.on\('web-contents-created',[^\n]*guard\(contents\)\)/);
    expect(main).toMatch(/guardWebContents\(/);
    expect(main).toMatch(/windowPreferences\(app\.isPackaged\)/);
  });
});
