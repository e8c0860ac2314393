import { z } from 'zod';
import { isAllowedCentralUrl } from '../centralUrl';
import { channel, type Words } from './declare';
import { DENOMINATIONS } from '../manager/schemas';

/** This counter's settings (managers change them): the central, the touchpoint, retention, quick keys, the receipt. */

export const RECEIPT_LAYOUTS = ['80mm', 'A4'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];

/** How this counter is set up for its clerks: quick keys and receipt printing. */
const counterSetup = z.object({
  /** Product ids on the quick keys 1–9, in order (null: an empty key); null: the catalogue's first nine. */
  quickKeys: z.array(z.number().int().nullable()).max(9).nullable().optional(),
  receiptLayout: z.enum(RECEIPT_LAYOUTS).optional(),
  /** The printer receipts go to without a dialog (Electron); null: the system's default. */
  printerName: z.string().trim().min(1).max(200).nullable().optional(),
  /** docs/api.md §9.1, §9.3: `tcp://HOST:9100` a network ESC/POS printer, `system` the OS printer, `none`. */
  printerUrl: z
    .union([
      z.literal('system'),
      z.literal('none'),
      z.url({ protocol: /^tcp$/, error: 'a printer is tcp://HOST:9100, "system" or "none"' }),
    ])
    .optional(),
  /** Whether a cash drawer hangs on the receipt printer. */
  drawer: z.enum(['printer', 'none']).optional(),
});

/** docs/api.md §10.1: cash rounding to 5 cents on or off, and the notes and coins a count offers. */
export const cashDenominations = z
  .array(z.union(DENOMINATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]))
  .min(1, 'at least one note or coin')
  .max(DENOMINATIONS.length)
  .refine((list) => new Set(list).size === list.length, 'each note or coin once');
const cashSettings = z.object({
  cashRounding: z.boolean().optional(),
  denominations: cashDenominations.optional(),
});

export const settingsInput = z.object({
  centralUrl: z
    .url({ protocol: /^https?$/ })
    .refine(isAllowedCentralUrl, 'https:// is required, except for this computer itself')
    .nullable()
    .optional(),
  /** The bearer token for the central; kept encrypted where the OS allows, never shown again. */
  bearerToken: z.string().min(10).max(4000).optional(),
  touchpointId: z.number().int().optional(),
  languageId: z.number().int().optional(),
  /** Days personal data of orders that reached the central is kept. */
  retentionDays: z.number().int().min(1).max(3650).optional(),
  ...counterSetup.shape,
  ...cashSettings.shape,
});
export type SettingName = keyof z.output<typeof settingsInput>;

export interface SettingsView {
  centralUrl: string | null;
  /** True when no central is configured and the counter runs its own demo central. */
  embeddedCentral: boolean;
  hasBearerToken: boolean;
  /** Where the token is kept: the machine's configuration, the OS keychain (Electron safeStorage), or memory only. */
  tokenStorage: 'configuration' | 'safeStorage' | 'dataFolder' | 'memory-only' | 'none';
  /** The settings the machine's configuration fixes (docs/api.md §9.1), with where: shown read-only. */
  fixed: Partial<Record<SettingName, 'environment' | 'file'>>;
  touchpointId: number;
  /** This installation's own id, made at first start: it stamps the orders it sends (docs/counter.md §18, Enrolment and heartbeat). */
  deviceId: string;
  /** The id the central gave at enrolment and lists this counter by in `/counters`; null when not enrolled (docs/counter.md §18, Enrolment and heartbeat). */
  centralDeviceId: string | null;
  languageId: number;
  retentionDays: number;
  quickKeys: (number | null)[] | null;
  receiptLayout: ReceiptLayout;
  printerName: string | null;
  /** Cash changes hands rounded to 5 cents (docs/api.md §10.1). */
  cashRounding: boolean;
  /** The notes and coins a count offers, largest first (cents). */
  denominations: number[];
  /** The receipt printer and the drawer as in force (docs/api.md §9.1): from the configuration when `fixed` names them. */
  printerUrl: string;
  drawer: 'printer' | 'none';
}

export interface SettingsChange {
  at: string;
  staffId: string;
  staffName: string;
  /** What changed; a token's value is never recorded. */
  setting: 'centralUrl' | 'bearerToken' | 'touchpointId' | 'retentionDays';
  value: string | null;
}

const SETTING_WORDS: Record<SettingName, Words> = {
  centralUrl: { en: 'central address', nl: 'adres van de centrale' },
  bearerToken: { en: 'access token', nl: 'toegangssleutel' },
  touchpointId: { en: 'touchpoint', nl: 'verkooppunt' },
  languageId: { en: 'language', nl: 'taal' },
  retentionDays: { en: 'retention of personal data', nl: 'bewaartermijn persoonsgegevens' },
  quickKeys: { en: 'quick keys', nl: 'sneltoetsen' },
  receiptLayout: { en: 'receipt paper', nl: 'bonpapier' },
  printerName: { en: 'receipt printer', nl: 'bonprinter' },
  cashRounding: { en: 'cash rounding', nl: 'afronding contant' },
  denominations: { en: 'notes and coins counted', nl: 'getelde biljetten en munten' },
  printerUrl: { en: 'receipt printer', nl: 'bonprinter' },
  drawer: { en: 'cash drawer', nl: 'kassalade' },
};

/** The settings a change names, in each language: "touchpoint, quick keys". */
function settingsNamed(change: z.output<typeof settingsInput>): Words {
  const names = (Object.keys(change) as SettingName[]).filter((k) => change[k] !== undefined).map((k) => SETTING_WORDS[k]);
  return { en: names.map((w) => w.en).join(', '), nl: names.map((w) => w.nl).join(', ') };
}

export const settingsChannels = {
  'settings.get': channel<SettingsView>()({ input: z.object({}), access: 'clerk', kind: 'read' }),
  'settings.set': channel<SettingsView>()({
    input: settingsInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Settings changed', nl: 'Instellingen gewijzigd' },
      words: { en: 'Settings changed: {what}', nl: 'Instellingen gewijzigd: {what}' },
      values: (change) => ({ what: settingsNamed(change) }),
      recorded: 'always',
    },
  }),
  /** Who changed the central, its token or the touchpoint, and when. */
  'settings.history': channel<SettingsChange[]>()({
    input: z.object({}),
    access: 'manager',
    kind: 'read',
    audit: { act: { en: 'Settings history', nl: 'Geschiedenis van de instellingen' }, recorded: 'refusals' },
  }),
} as const;
