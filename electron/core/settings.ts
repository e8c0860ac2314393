import type { Database } from 'better-sqlite3';
import type { IpcParsedInput, ReceiptLayout, SettingsView } from '../../shared/ipc';
import { deleteSetting, readSetting, writeSetting } from './db/settings';
import type { TokenVault } from './types';

const SEALED_TOKEN = 'central.bearerTokenSealed';

/**
 * The counter's settings. The central's bearer token is sealed with the OS keychain
 * (Electron safeStorage) before it touches the database; where no keychain is available
 * (the browser shell) it is kept in memory only, from COUNTER_CENTRAL_TOKEN or the settings
 * screen, and never written in plain text.
 */
export class CounterSettings {
  private memoryToken: string | null = process.env.COUNTER_CENTRAL_TOKEN ?? null;

  constructor(
    private readonly db: Database,
    private readonly vault: TokenVault | null,
    newId: () => string,
    defaults: { touchpointId: number; languageId: number },
  ) {
    if (readSetting(db, 'deviceId') === undefined) writeSetting(db, 'deviceId', newId());
    if (readSetting(db, 'touchpointId') === undefined) writeSetting(db, 'touchpointId', defaults.touchpointId);
    if (readSetting(db, 'languageId') === undefined) writeSetting(db, 'languageId', defaults.languageId);
  }

  get deviceId(): string {
    return readSetting<string>(this.db, 'deviceId')!;
  }
  get touchpointId(): number {
    return readSetting<number>(this.db, 'touchpointId')!;
  }
  get languageId(): number {
    return readSetting<number>(this.db, 'languageId')!;
  }
  /** Null: no central configured, the counter runs its embedded demo central. */
  get centralUrl(): string | null {
    return readSetting<string | null>(this.db, 'centralUrl') ?? process.env.COUNTER_CENTRAL_URL ?? null;
  }

  private get canSeal() {
    return this.vault?.isAvailable() ?? false;
  }

  bearerToken(): string | null {
    const sealed = readSetting<string>(this.db, SEALED_TOKEN);
    if (sealed && this.vault && this.canSeal) return this.vault.decrypt(Buffer.from(sealed, 'base64'));
    return this.memoryToken;
  }

  get receiptLayout(): ReceiptLayout {
    return readSetting<ReceiptLayout>(this.db, 'receiptLayout') ?? '80mm';
  }
  get printerName(): string | null {
    return readSetting<string | null>(this.db, 'printerName') ?? null;
  }

  update(change: IpcParsedInput<'settings.set'>): void {
    if (change.centralUrl !== undefined) writeSetting(this.db, 'centralUrl', change.centralUrl);
    for (const key of ['quickKeys', 'receiptLayout', 'printerName'] as const) {
      if (change[key] !== undefined) writeSetting(this.db, key, change[key]);
    }
    if (change.touchpointId !== undefined) writeSetting(this.db, 'touchpointId', change.touchpointId);
    if (change.languageId !== undefined) writeSetting(this.db, 'languageId', change.languageId);
    if (change.bearerToken !== undefined) {
      if (this.vault && this.canSeal) {
        writeSetting(this.db, SEALED_TOKEN, this.vault.encrypt(change.bearerToken).toString('base64'));
      } else {
        deleteSetting(this.db, SEALED_TOKEN);
        this.memoryToken = change.bearerToken;
      }
    }
  }

  view(embeddedCentral: boolean): SettingsView {
    const sealed = readSetting<string>(this.db, SEALED_TOKEN) !== undefined;
    return {
      centralUrl: this.centralUrl,
      embeddedCentral,
      hasBearerToken: embeddedCentral || this.bearerToken() !== null,
      tokenStorage: sealed ? 'safeStorage' : this.memoryToken ? 'memory-only' : 'none',
      touchpointId: this.touchpointId,
      deviceId: this.deviceId,
      languageId: this.languageId,
      quickKeys: readSetting<(number | null)[] | null>(this.db, 'quickKeys') ?? null,
      receiptLayout: this.receiptLayout,
      printerName: this.printerName,
    };
  }
}
