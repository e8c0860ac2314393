import type { CounterDb as Database } from '../db/database';
import type { ReceiptLayout, SettingsChange, SettingsView, StaffMember } from '../../../shared/ipc';
import { stmt } from '../../../domain/store/sqlite/statements';
import { deleteSetting, readSetting, writeSetting } from '../db/settings';
import { NO_CONFIG, type LoadedConfig } from '../config';
import { DUTCH_DENOMINATIONS } from '../../../shared/manager/schemas';

/** Electron's safeStorage, or nothing where it is not available (the browser shell). */
export interface TokenVault {
  /** Where the sealing key lives: the OS keychain (the default) or the data folder (the browser shell). */
  storage?: 'keychain' | 'dataFolder';
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

const SEALED_TOKEN = 'central.bearerTokenSealed';
export const DEFAULT_RETENTION_DAYS = 30;

export interface SettingsUpdate {
  centralUrl?: string | null;
  bearerToken?: string;
  touchpointId?: number;
  languageId?: number;
  retentionDays?: number;
  quickKeys?: (number | null)[] | null;
  receiptLayout?: ReceiptLayout;
  printerName?: string | null;
  cashRounding?: boolean;
  denominations?: number[];
  printerUrl?: string;
  drawer?: 'printer' | 'none';
}

/**
 * The counter's settings. A value the machine's configuration fixes (environment or config
 * file: docs/api.md §9.1) wins, and cannot be changed here. The central's bearer token is
 * sealed with the OS keychain (Electron safeStorage), or in the browser shell with a key of the
 * data folder's (electron/browserShell/dataFolderVault.ts), before it touches the database; with no vault it is kept in
 * memory only, and never written in plain text. A token belongs to one central: changing the address forgets it, and the
 * configuration's token goes only to the configuration's central.
 */
export class CounterSettings {
  private memoryToken: string | null = null;
  private readonly fixed: Pick<
    LoadedConfig['sources'],
    'central.url' | 'central.token' | 'cash.rounding' | 'cash.denominations' | 'printer.url' | 'drawer'
  >;
  private readonly central: { url?: string; token?: string };
  private readonly cash: NonNullable<LoadedConfig['config']['cash']>;
  private readonly devices: { printerUrl?: string; drawer?: 'printer' | 'none' };

  constructor(
    private readonly db: Database,
    private readonly vault: TokenVault | null,
    newId: () => string,
    defaults: { touchpointId: number; languageId: number },
    private readonly now: () => Date = () => new Date(),
    config: LoadedConfig = NO_CONFIG,
  ) {
    if (readSetting(db, 'deviceId') === undefined) writeSetting(db, 'deviceId', newId());
    if (readSetting(db, 'touchpointId') === undefined) writeSetting(db, 'touchpointId', defaults.touchpointId);
    if (readSetting(db, 'languageId') === undefined) writeSetting(db, 'languageId', defaults.languageId);
    const { url, token } = config.config.central ?? {};
    // A token without its central's address is never sent anywhere.
    this.central = url ? { url, ...(token && { token }) } : {};
    this.cash = config.config.cash ?? {};
    // The receipt printer and its drawer (docs/api.md §9.1, §9.3): the configuration's, else the manager's.
    this.devices = { printerUrl: config.config.printer?.url, drawer: config.config.drawer };
    this.fixed = {
      ...(url && { 'central.url': config.sources['central.url'] }),
      ...(url && token && { 'central.token': config.sources['central.token'] }),
      ...(this.cash.rounding !== undefined && { 'cash.rounding': config.sources['cash.rounding'] }),
      ...(this.cash.denominations && { 'cash.denominations': config.sources['cash.denominations'] }),
      ...(this.devices.printerUrl && { 'printer.url': config.sources['printer.url'] }),
      ...(this.devices.drawer && { drawer: config.sources.drawer }),
    };
  }

  /** The settings the configuration fixes, and where each comes from: read-only on the settings screen. */
  get fixedSettings(): SettingsView['fixed'] {
    return {
      ...(this.fixed['central.url'] && { centralUrl: this.fixed['central.url'] }),
      ...(this.fixed['central.token'] && { bearerToken: this.fixed['central.token'] }),
      ...(this.fixed['cash.rounding'] && { cashRounding: this.fixed['cash.rounding'] }),
      ...(this.fixed['cash.denominations'] && { denominations: this.fixed['cash.denominations'] }),
      ...(this.fixed['printer.url'] && { printerUrl: this.fixed['printer.url'] }),
      ...(this.fixed.drawer && { drawer: this.fixed.drawer }),
    };
  }

  /** `printer.url`: the configuration's, else the manager's, else `system`. */
  get printerUrl(): string {
    return this.devices.printerUrl ?? readSetting<string>(this.db, 'printerUrl') ?? 'system';
  }

  /** `drawer`: the configuration's, else the manager's, else on the printer when it is a network one. */
  get drawer(): 'printer' | 'none' {
    const set = this.devices.drawer ?? readSetting<'printer' | 'none'>(this.db, 'drawer');
    return set ?? (this.printerUrl.startsWith('tcp://') ? 'printer' : 'none');
  }

  get retentionDays(): number {
    return readSetting<number>(this.db, 'retentionDays') ?? DEFAULT_RETENTION_DAYS;
  }

  /** Dutch cash rounding (docs/api.md §10.1): on unless a manager turned it off; the counters sell in euro. */
  get cashRounding(): boolean {
    return this.cash.rounding ?? readSetting<boolean>(this.db, 'cash.rounding') ?? true;
  }

  /** The denominations a count offers (docs/counter.md §17): Dutch circulation unless set otherwise. */
  get denominations(): number[] {
    const list = this.cash.denominations ?? readSetting<number[]>(this.db, 'cash.denominations') ?? DUTCH_DENOMINATIONS;
    return [...list].sort((a, b) => b - a);
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
    return this.central.url ?? readSetting<string | null>(this.db, 'centralUrl') ?? null;
  }

  private get canSeal() {
    return this.vault?.isAvailable() ?? false;
  }

  private get sealedIn(): 'safeStorage' | 'dataFolder' {
    return this.vault?.storage === 'dataFolder' ? 'dataFolder' : 'safeStorage';
  }

  bearerToken(): string | null {
    if (this.central.token) return this.central.token;
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

  /** Applies a change; a change of central, token or touchpoint is recorded with who made it. */
  update(change: SettingsUpdate, by: StaffMember | null): void {
    const at = this.now().toISOString();
    const audit = (setting: SettingsChange['setting'], value: string | number | null) => {
      if (by) {
        stmt(this.db, 'INSERT INTO settings_audit (at, staff_id, staff_name, setting, value) VALUES (?, ?, ?, ?, ?)').run(
          at,
          by.staffId,
          by.name,
          setting,
          value === null ? null : String(value),
        );
      }
    };
    this.db.transaction(() => {
      if (change.centralUrl !== undefined && change.centralUrl !== this.centralUrl) {
        writeSetting(this.db, 'centralUrl', change.centralUrl);
        // The old central's token must never go to the new address.
        this.forgetToken();
        audit('centralUrl', change.centralUrl);
      }
      if (change.touchpointId !== undefined && change.touchpointId !== this.touchpointId) {
        writeSetting(this.db, 'touchpointId', change.touchpointId);
        audit('touchpointId', change.touchpointId);
      }
      if (change.retentionDays !== undefined && change.retentionDays !== this.retentionDays) {
        writeSetting(this.db, 'retentionDays', change.retentionDays);
        audit('retentionDays', change.retentionDays);
      }
      if (change.languageId !== undefined) writeSetting(this.db, 'languageId', change.languageId);
      // The counter's setup for its clerks: kept as set (not audited: no access or data changes).
      for (const key of ['quickKeys', 'receiptLayout', 'printerName', 'printerUrl', 'drawer'] as const) {
        if (change[key] !== undefined) writeSetting(this.db, key, change[key]);
      }
      // Cash (docs/counter.md §17): the act's audit row names them; one the configuration fixes is not changed.
      if (change.cashRounding !== undefined && this.cash.rounding === undefined)
        writeSetting(this.db, 'cash.rounding', change.cashRounding);
      if (change.denominations !== undefined && !this.cash.denominations) writeSetting(this.db, 'cash.denominations', change.denominations);
      if (change.bearerToken !== undefined) {
        this.forgetToken();
        if (this.vault && this.canSeal) writeSetting(this.db, SEALED_TOKEN, this.vault.encrypt(change.bearerToken).toString('base64'));
        else this.memoryToken = change.bearerToken;
        audit('bearerToken', null);
      }
    })();
  }

  private forgetToken(): void {
    deleteSetting(this.db, SEALED_TOKEN);
    this.memoryToken = null;
  }

  history(limit = 100): SettingsChange[] {
    return stmt(
      this.db,
      'SELECT at, staff_id AS staffId, staff_name AS staffName, setting, value FROM settings_audit ORDER BY seq DESC LIMIT ?',
    ).all(limit) as SettingsChange[];
  }

  /** The settings as kept here; the enrolment's device id is added by the handler (./handlers.ts). */
  view(embeddedCentral: boolean): Omit<SettingsView, 'centralDeviceId'> {
    const sealed = readSetting<string>(this.db, SEALED_TOKEN) !== undefined;
    return {
      centralUrl: this.centralUrl,
      embeddedCentral,
      hasBearerToken: embeddedCentral || this.bearerToken() !== null,
      tokenStorage: this.central.token ? 'configuration' : sealed ? this.sealedIn : this.memoryToken ? 'memory-only' : 'none',
      fixed: this.fixedSettings,
      touchpointId: this.touchpointId,
      deviceId: this.deviceId,
      languageId: this.languageId,
      retentionDays: this.retentionDays,
      quickKeys: readSetting<(number | null)[] | null>(this.db, 'quickKeys') ?? null,
      receiptLayout: this.receiptLayout,
      printerName: this.printerName,
      cashRounding: this.cashRounding,
      denominations: this.denominations,
      printerUrl: this.printerUrl,
      drawer: this.drawer,
    };
  }
}
