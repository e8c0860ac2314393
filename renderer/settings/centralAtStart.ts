import { create } from 'zustand';
import type { SettingsView } from '../../shared/ipc';

/**
 * A change of central applies at the next start of the app, while `settings.get` answers the
 * address saved for that next start. So the address the counter started with is remembered
 * here, just before the first change of central of this run: it is the one synced with now.
 */
interface CentralAtStart {
  /** Undefined until a change of central in this run. */
  url: string | null | undefined;
}

export const useCentralAtStart = create<CentralAtStart>()(() => ({ url: undefined }));

export function rememberCentralBeforeChange(view: SettingsView): void {
  if (useCentralAtStart.getState().url === undefined) useCentralAtStart.setState({ url: view.centralUrl });
}

export interface CentralNowAndNext {
  /** Null: the embedded demo central. */
  now: string | null;
  next: string | null;
  changesAtNextStart: boolean;
}

export function centralNowAndNext(view: SettingsView, urlAtStart: string | null | undefined): CentralNowAndNext {
  const now = view.embeddedCentral ? null : urlAtStart !== undefined ? urlAtStart : view.centralUrl;
  const next = view.centralUrl;
  return { now, next, changesAtNextStart: now !== next };
}
