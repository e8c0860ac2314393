import { describe, expect, it } from 'vitest';
import { allowNavigation, allowPermission, APP_ENTRY_URL, isAppUrl, isTrustedSender, vaultUsable } from './policy';

describe('isAppUrl', () => {
  it('accepts the app’s own pages and files', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://counter/assets/index-abc.js')).toBe(true);
    expect(isAppUrl('app://counter')).toBe(true);
  });

  it.each([
    'file:///home/clerk/dist/renderer/index.html',
    'https://counter/index.html',
    'http://127.0.0.1:5173/',
    'app://evil/index.html',
    'app://counter.evil.com/index.html',
    'app://user:pass@counter/index.html',
    'app://user@counter/index.html',
    'app://:pass@counter/index.html',
    'app:counter/index.html',
    'javascript:alert(1)',
    'about:blank',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it('refuses a missing URL', () => {
    expect(isAppUrl(undefined)).toBe(false);
    expect(isAppUrl(null)).toBe(false);
  });
});

describe('allowNavigation', () => {
  it('keeps the window on the app', () => {
    expect(allowNavigation('app://counter/index.html#/orders')).toBe(true);
    expect(allowNavigation('https://example.com/')).toBe(false);
    expect(allowNavigation('file:///etc/passwd')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it('trusts the app’s page in the main frame only', () => {
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: true })).toBe(true);
    expect(isTrustedSender({ url: APP_ENTRY_URL, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com/', isMainFrame: true })).toBe(false);
    expect(isTrustedSender({ url: 'file:///tmp/x.html', isMainFrame: true })).toBe(false);
  });

  it('refuses a frame that is gone (Electron reports null)', () => {
    expect(isTrustedSender(null)).toBe(false);
  });
});

describe('allowPermission', () => {
  const camera = { permission: 'media', url: APP_ENTRY_URL, isMainFrame: true, mediaTypes: ['video'] };

  it('grants the camera to the app’s own page', () => {
    expect(allowPermission(camera)).toBe(true);
    // Permission checks name the origin, not a page.
    expect(allowPermission({ ...camera, url: 'app://counter', mediaTypes: ['video'] })).toBe(true);
    expect(allowPermission({ ...camera, mediaTypes: [] })).toBe(true);
  });

  it('refuses the microphone, even with the camera', () => {
    expect(allowPermission({ ...camera, mediaTypes: ['audio'] })).toBe(false);
    expect(allowPermission({ ...camera, mediaTypes: ['video', 'audio'] })).toBe(false);
  });

  it('refuses media to other pages and to frames', () => {
    expect(allowPermission({ ...camera, url: 'https://example.com/' })).toBe(false);
    expect(allowPermission({ ...camera, url: undefined })).toBe(false);
    expect(allowPermission({ ...camera, isMainFrame: false })).toBe(false);
  });

  it.each(['notifications', 'geolocation', 'clipboard-read', 'display-capture', 'openExternal', 'fullscreen', 'unknown'])(
    'refuses %s, even to the app',
    (permission) => {
      expect(allowPermission({ ...camera, permission })).toBe(false);
    },
  );
});

describe('vaultUsable', () => {
  it('trusts the OS keychain on Windows and macOS when Electron says it is there', () => {
    expect(vaultUsable({ platform: 'win32', encryptionAvailable: true, linuxBackend: undefined })).toBe(true);
    expect(vaultUsable({ platform: 'win32', encryptionAvailable: false, linuxBackend: undefined })).toBe(false);
  });

  it('on Linux, needs a real secret store, not the basic_text fallback', () => {
    expect(vaultUsable({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'gnome_libsecret' })).toBe(true);
    expect(vaultUsable({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'kwallet5' })).toBe(true);
    expect(vaultUsable({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'basic_text' })).toBe(false);
    expect(vaultUsable({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'unknown' })).toBe(false);
    expect(vaultUsable({ platform: 'linux', encryptionAvailable: false, linuxBackend: 'gnome_libsecret' })).toBe(false);
    expect(vaultUsable({ platform: 'linux', encryptionAvailable: true, linuxBackend: undefined })).toBe(false);
  });
});
