import { isAllowedCentralUrl } from '../../shared/centralUrl';
import type { IpcInput, SettingsView } from '../../shared/ipc';

/**
 * The checks of the settings form, as typed. They follow `settings.set` of shared/ipc.ts
 * (an http(s) URL, a token of 10 to 4000 characters) without zod, so the bundle carries none.
 */

export type CentralCheck = 'empty' | 'incomplete' | 'scheme' | 'invalid' | 'credentials' | 'insecure' | 'ok';

const SCHEMES = ['https://', 'http://'];

export function checkCentralUrl(text: string): CentralCheck {
  const value = text.trim();
  if (value === '') return 'empty';
  const lower = value.toLowerCase();
  // Still typing the scheme, or nothing after it yet.
  if (SCHEMES.some((scheme) => scheme.startsWith(lower) || scheme === lower)) return 'incomplete';
  if (!/^https?:\/\//i.test(value)) return 'scheme';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.hostname === '') return 'invalid';
  if (url.username !== '' || url.password !== '') return 'credentials';
  // The main process's own rule: https://, http:// only for this computer.
  if (!isAllowedCentralUrl(value)) return 'insecure';
  return 'ok';
}

/** True when the form may send it: a valid address, or empty for the embedded demo central. */
export const centralUsable = (check: CentralCheck) => check === 'ok' || check === 'empty';

export type TokenCheck = 'empty' | 'short' | 'long' | 'ok';

export const TOKEN_MIN = 10;
export const TOKEN_MAX = 4000;

export function checkBearerToken(text: string): TokenCheck {
  const value = text.trim();
  if (value === '') return 'empty';
  if (value.length < TOKEN_MIN) return 'short';
  if (value.length > TOKEN_MAX) return 'long';
  return 'ok';
}

export interface SettingsDraft {
  centralText: string;
  bearerToken: string;
  touchpointId: number;
  retentionDays?: number;
}

/**
 * What `settings.set` gets: only what changed (a change of central or touchpoint needs a
 * manager and a central change applies at the next start, so nothing is sent needlessly).
 * Null when nothing changed or something is not valid.
 */
export function settingsChange(view: SettingsView, draft: SettingsDraft): IpcInput<'settings.set'> | null {
  const central = checkCentralUrl(draft.centralText);
  const token = checkBearerToken(draft.bearerToken);
  if (!centralUsable(central) || token === 'short' || token === 'long') return null;
  const change: IpcInput<'settings.set'> = {};
  const centralUrl = central === 'empty' ? null : draft.centralText.trim();
  if (centralUrl !== view.centralUrl) change.centralUrl = centralUrl;
  if (token === 'ok') change.bearerToken = draft.bearerToken.trim();
  if (draft.touchpointId !== view.touchpointId) change.touchpointId = draft.touchpointId;
  if (draft.retentionDays !== undefined && draft.retentionDays !== view.retentionDays) {
    if (!Number.isInteger(draft.retentionDays) || draft.retentionDays < 1 || draft.retentionDays > 3650) return null;
    change.retentionDays = draft.retentionDays;
  }
  return Object.keys(change).length > 0 ? change : null;
}
