import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isAllowedCentralUrl } from '../../../shared/centralUrl';
import { cashDenominations } from '../../../shared/ipc/settings';
import { TERMINAL_BRANDS } from '../../../shared/ipc/terminal';
import { done, refused, type Decided } from '../../../shared/outcome';

/**
 * The machine's configuration (docs/api.md §9.1, docs/operations.md §6): environment variables
 * first, then the machine's config file, then the manager's settings. A value fixed by the
 * first two is shown read-only in the settings. An invalid file or variable stops the start
 * with a message naming the key: a counter never runs half-configured.
 */

const terminalUrl = z.union([
  z.literal('simulator'),
  z.literal('none'),
  z.url({ protocol: /^https$/, error: 'a terminal is https://HOST:PORT/nexo, "simulator" or "none"' }),
]);
const printerUrl = z.union([
  z.literal('system'),
  z.literal('none'),
  z.url({ protocol: /^tcp$/, error: 'a printer is tcp://HOST:9100, "system" or "none"' }),
]);
const centralUrl = z.url({ protocol: /^https?$/ }).refine(isAllowedCentralUrl, 'https:// is required, except for this computer itself');
const id = z.string().trim().min(1).max(64);
const terminalKey = z.object({ id, passphrase: z.string().min(1).max(256), version: z.number().int().min(0) }).strict();

/** The file's shape; `complete`: the key of message encryption has all its parts (after merging). */
const configSchema = (complete: boolean) =>
  z
    .object({
      terminal: z
        .object({
          brand: z.enum(TERMINAL_BRANDS).optional(),
          url: terminalUrl.optional(),
          poiId: id.optional(),
          saleId: id.optional(),
          key: (complete ? terminalKey : terminalKey.partial()).optional(),
          unencrypted: z.boolean().optional(),
          ca: z.string().min(1).max(4096).optional(),
        })
        .strict()
        .optional(),
      printer: z.object({ url: printerUrl.optional() }).strict().optional(),
      drawer: z.enum(['printer', 'none']).optional(),
      central: z
        .object({ url: centralUrl.optional(), token: z.string().min(10).max(4000).optional() })
        .strict()
        .optional(),
      enrolment: z
        .object({ code: z.string().trim().min(1).max(32).optional() })
        .strict()
        .optional(),
      updates: z.object({ url: centralUrl.optional() }).strict().optional(),
      // docs/counter.md §17: fixed here, the settings screen shows them read-only.
      cash: z.object({ rounding: z.boolean().optional(), denominations: cashDenominations.optional() }).strict().optional(),
    })
    .strict();
export const machineConfigSchema = configSchema(true);
const partsSchema = configSchema(false);
export type MachineConfig = z.output<typeof machineConfigSchema>;

/** Where a value came from; a value the settings hold has no entry. */
export type ConfigSource = 'environment' | 'file';

/** Each environment variable and the key of the file it sets (the same names as the file's, flattened). */
export const CONFIG_VARIABLES = {
  COUNTER_TERMINAL_BRAND: 'terminal.brand',
  COUNTER_TERMINAL_URL: 'terminal.url',
  COUNTER_TERMINAL_POI_ID: 'terminal.poiId',
  COUNTER_TERMINAL_SALE_ID: 'terminal.saleId',
  COUNTER_TERMINAL_KEY_ID: 'terminal.key.id',
  COUNTER_TERMINAL_KEY_PASSPHRASE: 'terminal.key.passphrase',
  COUNTER_TERMINAL_KEY_VERSION: 'terminal.key.version',
  COUNTER_TERMINAL_UNENCRYPTED: 'terminal.unencrypted',
  COUNTER_TERMINAL_CA: 'terminal.ca',
  COUNTER_PRINTER_URL: 'printer.url',
  COUNTER_DRAWER: 'drawer',
  COUNTER_CENTRAL_URL: 'central.url',
  COUNTER_CENTRAL_TOKEN: 'central.token',
  COUNTER_ENROLMENT_CODE: 'enrolment.code',
  COUNTER_UPDATES_URL: 'updates.url',
  COUNTER_CASH_ROUNDING: 'cash.rounding',
  COUNTER_CASH_DENOMINATIONS: 'cash.denominations',
} as const;
export type ConfigKey = (typeof CONFIG_VARIABLES)[keyof typeof CONFIG_VARIABLES];

export interface LoadedConfig {
  config: MachineConfig;
  /** The source of each key that is set: the settings screen shows these read-only. */
  sources: Partial<Record<ConfigKey, ConfigSource>>;
  /** The file read, or null when there was none. */
  file: string | null;
}

export type ConfigAnswer = Decided<LoadedConfig, { message: string }>;

/** The file's place: COUNTER_CONFIG, else the platform's machine-wide place. */
export function configFilePath(env: Record<string, string | undefined>, platform: NodeJS.Platform): { path: string; named: boolean } {
  if (env.COUNTER_CONFIG) return { path: env.COUNTER_CONFIG, named: true };
  if (platform === 'win32') return { path: `${env.ProgramData ?? 'C:\\ProgramData'}\\Counter\\config.json`, named: false };
  return { path: '/etc/counter/config.json', named: false };
}

/** The key an issue is about: its path, and for an unknown key that key. */
function keyOf(issue: z.core.$ZodIssue): string {
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
  return [...issue.path, ...unknown].map(String).join('.');
}

function setPath(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}

function getPath(source: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), source);
}

/** A variable's text as the file's value: a number, a yes/no (1/true, 0/false), a list of cents ("500,200,100"). */
function variableValue(key: string, raw: string): unknown {
  if (key === 'terminal.key.version') return Number(raw);
  if (key === 'terminal.unencrypted') return raw === '1' || raw === 'true';
  if (key === 'cash.rounding') return raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : raw;
  if (key === 'cash.denominations') return raw.split(',').map((d) => (/^\s*\d+\s*$/.test(d) ? Number(d) : d));
  return raw;
}

/** The variables as the file's shape: a version is a number, COUNTER_TERMINAL_UNENCRYPTED=1 is true. */
function fromEnvironment(env: Record<string, string | undefined>): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(CONFIG_VARIABLES)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    setPath(shaped, key, variableValue(key, raw));
  }
  return shaped;
}

function merged(file: unknown, env: unknown): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const key of Object.values(CONFIG_VARIABLES)) {
    const value = getPath(env, key) ?? getPath(file, key);
    if (value !== undefined) setPath(config, key, value);
  }
  return config;
}

/** A terminal reached over the network needs the key of message encryption, or to be said to go without (docs/api.md §9.1). */
function terminalRefused(config: MachineConfig): string | null {
  const terminal = config.terminal;
  if (!terminal?.url?.startsWith('https://')) return null;
  if (!terminal.key && !terminal.unencrypted)
    return 'terminal.url: a terminal needs terminal.key (id, passphrase, version) or terminal.unencrypted';
  if (!terminal.poiId) return 'terminal.poiId: a terminal needs its POIID';
  return null;
}

/**
 * Reads the machine's configuration. `readFile` answers the file's text, or null when there is
 * no file. A file named by COUNTER_CONFIG must exist; the machine-wide one may be absent.
 */
export function loadMachineConfig(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform,
  readFile: (path: string) => string | null,
): ConfigAnswer {
  const where = configFilePath(env, platform);
  const text = readFile(where.path);
  if (text === null && where.named) return refused({ message: `the config file ${where.path} (COUNTER_CONFIG) does not exist` });
  let fromFile: unknown = {};
  if (text !== null) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return refused({ message: `the config file ${where.path} is not JSON: ${(error as Error).message}` });
    }
    const parsed = partsSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = keyOf(issue);
      return refused({ message: `the config file ${where.path}: ${key || '(top)'}: ${issue.message}` });
    }
    fromFile = parsed.data;
  }
  // A list's element (cash.denominations.1) is named by its list's variable.
  const variableOf = (key: string) => Object.entries(CONFIG_VARIABLES).find(([, k]) => k === key || key.startsWith(`${k}.`))?.[0];
  const parsedEnv = partsSchema.safeParse(fromEnvironment(env));
  if (!parsedEnv.success) {
    const issue = parsedEnv.error.issues[0]!;
    return refused({ message: `${variableOf(keyOf(issue)) ?? keyOf(issue)}: ${issue.message}` });
  }
  const whole = machineConfigSchema.safeParse(merged(fromFile, parsedEnv.data));
  if (!whole.success) {
    const issue = whole.error.issues[0]!;
    return refused({ message: `the counter's configuration: ${keyOf(issue)}: ${issue.message}` });
  }
  const config = whole.data;
  const terminalProblem = terminalRefused(config);
  if (terminalProblem) return refused({ message: `the counter's configuration: ${terminalProblem}` });
  const sources: LoadedConfig['sources'] = {};
  for (const key of Object.values(CONFIG_VARIABLES)) {
    if (getPath(parsedEnv.data, key) !== undefined) sources[key] = 'environment';
    else if (getPath(fromFile, key) !== undefined) sources[key] = 'file';
  }
  return done({ config, sources, file: text === null ? null : where.path });
}

/**
 * Where the counter's updates are offered (docs/counter.md §18): `updates.url`, else the
 * configured central's `/updates/` (served by `npm run central -- --updates DIR`); none for a
 * counter without either (the demo, or a central set only in the settings).
 */
export function updateFeedUrl(config: MachineConfig): string | null {
  const url = config.updates?.url ?? (config.central?.url ? `${config.central.url.replace(/\/+$/, '')}/updates/` : null);
  return url && !url.endsWith('/') ? `${url}/` : url;
}

/** No configuration at all: everything from the settings (tests, and a counter without a file or variables). */
export const NO_CONFIG: LoadedConfig = { config: {}, sources: {}, file: null };

/** The machine's configuration as this process sees it: its environment and the file on disk. */
export function readMachineConfig(env: Record<string, string | undefined> = process.env, platform = process.platform): ConfigAnswer {
  return loadMachineConfig(env, platform, (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  });
}
