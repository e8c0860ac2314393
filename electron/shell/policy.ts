/**
 * The Electron shell's security decisions, kept free of `electron` so they are tested under
 * plain Node. main.ts only feeds them what Electron reports (URLs, frames, permissions).
 *
 * The renderer is served from a custom standard+secure scheme, app://counter/, rather than
 * file://: the page then has an origin of its own (file:// pages share one with every file on
 * the disk), so "is this our page?" is an exact origin check.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'counter';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
/** The customer display's page (docs/api.md §9.4), in the window on the second screen. */
export const CUSTOMER_URL = `${APP_ORIGIN}/customer`;

/** True for URLs of the app's own pages and files, and nothing else. */
export function isAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Node parses app: as a non-special scheme (its .origin is "null"), so compare the parts.
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/** will-navigate / will-redirect: the window only ever shows the app's own pages. */
export function allowNavigation(url: string): boolean {
  return isAppUrl(url);
}

export interface SenderFrame {
  url: string;
  /** False for iframes: only the top-level app page may reach the counter. */
  isMainFrame: boolean;
}

/** counter:invoke is answered only for the app's own page in the main frame. */
export function isTrustedSender(frame: SenderFrame | null): boolean {
  return frame !== null && frame.isMainFrame && isAppUrl(frame.url);
}

export interface PermissionAsk {
  permission: string;
  /** The requesting frame's URL, or for permission checks its origin. */
  url: string | undefined;
  isMainFrame: boolean;
  /** For 'media': which devices. Checks name one ('unknown' when Chromium does not say). */
  mediaTypes: readonly string[];
}

/**
 * The counter photographs documents with the camera; it has no use for the microphone,
 * notifications, geolocation or anything else, so only a camera request from the app's own
 * top-level page is granted.
 */
export function allowPermission(ask: PermissionAsk): boolean {
  return ask.permission === 'media' && ask.isMainFrame && isAppUrl(ask.url) && !ask.mediaTypes.includes('audio');
}

export interface VaultFacts {
  platform: NodeJS.Platform;
  encryptionAvailable: boolean;
  /** safeStorage.getSelectedStorageBackend(), only meaningful on Linux. */
  linuxBackend: string | undefined;
}

/**
 * Whether safeStorage really protects the bearer token. On Linux without a keyring Chromium
 * falls back to 'basic_text', a fixed key: it reports encryption as available, but the token
 * would be as good as plain text on disk, so the counter is told there is no vault.
 */
export function vaultUsable(facts: VaultFacts): boolean {
  if (!facts.encryptionAvailable) return false;
  if (facts.platform !== 'linux') return true;
  return facts.linuxBackend !== undefined && facts.linuxBackend !== 'basic_text' && facts.linuxBackend !== 'unknown';
}

/** What the guard needs of a webContents: main.ts adapts Electron's to this. */
export interface GuardedContents {
  /** will-navigate, will-frame-navigate and will-redirect: `preventDefault` stops it. */
  onNavigation(listener: (event: { url: string; preventDefault(): void }) => void): void;
  /** will-attach-webview: the counter never uses <webview>. */
  onAttachWebview(listener: (event: { preventDefault(): void }) => void): void;
  onDevToolsOpened(listener: () => void): void;
  setWindowOpenHandler(handler: () => { action: 'deny' }): void;
  closeDevTools(): void;
}

/**
 * The rules every webContents gets, applied app-wide from app.on('web-contents-created'), so
 * a window, frame or popup made later (by a bug or an attacker's page) gets them too: only
 * the app's own pages, no new windows, no <webview>, and in a packaged build no DevTools.
 */
export function guardWebContents(contents: GuardedContents, packaged: boolean): void {
  contents.onNavigation((event) => {
    if (!allowNavigation(event.url)) event.preventDefault();
  });
  contents.onAttachWebview((event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  if (packaged) contents.onDevToolsOpened(() => contents.closeDevTools());
}

/** The one window's webPreferences (the preload is added by main.ts). DevTools only in development. */
export function windowPreferences(packaged: boolean) {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    webviewTag: false,
    allowRunningInsecureContent: false,
    devTools: !packaged,
  } as const;
}
