import type { z } from 'zod';
import type { Access, AnswerOf, AnyDeclared, InputOf, IpcResult, ParsedInputOf } from './declare';
import { cardChannels } from './cards';
import { cashChannels } from './cash';
import { fleetChannels } from './fleet';
import { managerChannels } from './manager';
import { paymentChannels } from './payments';
import { returnChannels } from './returns';
import { printingChannels } from './printing';
import { displayChannels } from './display';
import { saleChannels } from './sale';
import { sessionChannels, type Role } from './session';
import { staffChannels } from './staff';
import { settingsChannels } from './settings';
import { syncChannels } from './sync';
import { terminalChannels, type TerminalProgress } from './terminal';
import { tokenChannels } from './tokens';
import type { SyncStatus } from './sync';
import type { DeviceStates } from '../devices';
import type { CustomerView } from './display';

/**
 * The typed contract between the counter's renderer and its main process: every channel of
 * every area, each declared once in its area's file (declare.ts says what a declaration holds).
 * Electron's preload and the browser shell's bridge both expose exactly this, and nothing else.
 * Everything else here is derived from the declarations.
 */

export const AREAS = {
  session: sessionChannels,
  staff: staffChannels,
  sale: saleChannels,
  tokens: tokenChannels,
  payments: paymentChannels,
  settings: settingsChannels,
  sync: syncChannels,
  manager: managerChannels,
  terminal: terminalChannels,
  printing: printingChannels,
  display: displayChannels,
  cash: cashChannels,
  fleet: fleetChannels,
  returns: returnChannels,
  cards: cardChannels,
} as const;
export type Area = keyof typeof AREAS;

export const channels = {
  ...sessionChannels,
  ...staffChannels,
  ...saleChannels,
  ...tokenChannels,
  ...paymentChannels,
  ...settingsChannels,
  ...syncChannels,
  ...managerChannels,
  ...terminalChannels,
  ...printingChannels,
  ...displayChannels,
  ...cashChannels,
  ...fleetChannels,
  ...returnChannels,
  ...cardChannels,
} as const satisfies Record<string, AnyDeclared>;
type Channels = typeof channels;

export type Channel = keyof Channels;
export type IpcInput<C extends Channel> = InputOf<Channels[C]>;
export type IpcParsedInput<C extends Channel> = ParsedInputOf<Channels[C]>;
export type IpcOutputs = { [C in Channel]: AnswerOf<Channels[C]> };
export type InputSchema<C extends Channel> = Channels[C]['input'] & z.ZodType;

/** The channels whose answers the renderer may cache and refetch: reads, never changes. */
export type ReadChannel = { [C in Channel]: Channels[C]['kind'] extends 'read' ? C : never }[Channel];
export type ChangeChannel = Exclude<Channel, ReadChannel>;
/** The channels only a manager may call. */
export type ManagerChannel = { [C in Channel]: Channels[C]['access'] extends 'manager' ? C : never }[Channel];

/** Own keys only: `constructor`, `toString` or `__proto__` are no channels. */
export const isChannel = (name: unknown): name is Channel => typeof name === 'string' && Object.hasOwn(channels, name);

/** Who may make each call, as the declarations say: what the dispatch checks before any handler runs. */
export const CHANNEL_ACCESS = Object.fromEntries(Object.entries(channels).map(([name, d]) => [name, d.access])) as Record<Channel, Access>;

/** The calls the audit trail records with who, when, which order and their outcome (besides every refused manager call). */
export const AUDITED: ReadonlySet<Channel> = new Set(
  (Object.keys(channels) as Channel[]).filter((name) => channels[name].audit?.recorded === 'always'),
);

/** Whether someone with `role` (null: nobody logged in) may make a call needing `access`. */
export function mayCall(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'clerk' || role === 'manager';
}

/** Events the main process pushes to the renderer. */
export interface IpcEvents {
  'sync.changed': SyncStatus;
  'orders.changed': { orderId: string };
  'catalog.changed': { refreshedAt: string };
  /** Where a PIN payment stands with the terminal (docs/api.md §9.2). */
  'terminal.progress': TerminalProgress;
  /** A device of the desk changed its state (docs/api.md §9). */
  'devices.changed': DeviceStates;
  /** A receipt of the order printed, or failed to (docs/api.md §9.3). */
  'receipt.changed': { orderId: string };
  /** What the customer display shows now (docs/api.md §9.4); null: nothing. */
  'display.changed': CustomerView | null;
}
export type EventName = keyof IpcEvents;

/** What the preload (Electron) or the bridge client (browser shell) puts on `window.counter`. */
export interface CounterApi {
  invoke<C extends Channel>(channel: C, input: IpcInput<C>): Promise<IpcResult<IpcOutputs[C]>>;
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
  /** 'electron' or 'browser': the renderer says which shell it runs in. */
  shell: 'electron' | 'browser';
}

export type { Access, AuditValues, AuditSpec, AuditValue, HandlersOf, IpcResult, Kind, Words } from './declare';
export type { IpcError } from '../refusals';
export type { Role, SessionStatus, StaffMember, StaffRecord } from './session';
export type { CatalogView, CounterOrder, OrderSummary, OrderSync, SyncState, UnfinishedSale } from './sale';
export type { ChallengeSent, LookupAnswer } from './tokens';
export type { ReceiptLayout, SettingsChange, SettingsView } from './settings';
export { RECEIPT_LAYOUTS } from './settings';
export type { CustomerView } from './display';
export type { PrintAnswer, PrintProblem, PrinterKind, ReceiptPrintState } from './printing';
export type {
  CentralState,
  ConnectionReason,
  ConnectionStep,
  ConnectionStepName,
  ConnectionTest,
  SetAsideOrder,
  SyncStatus,
  UnsentOrder,
} from './sync';
export type { FleetStatus } from './fleet';
