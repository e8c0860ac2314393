import { z } from 'zod';
import type { Order, Language, PaymentMethod, TouchPoint } from './schemas/order';
import type { MandateRecord, Product, TransitTokenRecord } from './schemas/reference';
import {
  addOrderLineInput,
  customerInput,
  mandateQuery,
  orderLineInput,
  patchOrderInput,
  patchOrderLineInput,
  paymentInput,
  paymentStatusInput,
  refundInput,
  transitTokenQuery,
} from './schemas/requests';
import { uuid } from './schemas/primitives';
import type { ProblemError } from './schemas/problem';
import type { IpcError, RefusalCode } from './refusals';
import { isAllowedCentralUrl } from './centralUrl';
import {
  auditListInput,
  businessDayInput,
  dayCloseInput,
  dayListInput,
  dayOpenInput,
  managerOrdersInput,
  reportsExportInput,
  reportsSummaryInput,
  staleCancelInput,
} from './manager/schemas';
import type {
  AuditPage,
  ClosedDay,
  DayReport,
  DayStatus,
  ExportFile,
  ManagerOrderDetail,
  ManagerOrdersPage,
  ReportSummary,
  StaleCancelOutcome,
  StaleConcept,
  SyncProblem,
} from './manager/types';

export type { IpcError } from './refusals';

/**
 * The typed contract between the counter's renderer and its main process: one map of
 * channels, each with the zod schema its input must pass and the type it answers. Electron's
 * preload and the browser shell's bridge both expose exactly this, and nothing else.
 */

const orderId = z.object({ orderId: uuid });
/** A new PIN: 6 to 8 digits (the demo staff's 4-digit PINs are only ever logged in with). */
const newPin = z.string().regex(/^\d{6,8}$/, 'a new PIN is 6 to 8 digits');
const staffName = z.string().trim().min(2).max(80);

/** How this counter is set up for its clerks (managers only): quick keys and receipt printing. */
export const RECEIPT_LAYOUTS = ['80mm', 'A4'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];
const counterSetup = z.object({
  /** Product ids on the quick keys 1–9, in order (null: an empty key); null: the catalogue's first nine. */
  quickKeys: z.array(z.number().int().nullable()).max(9).nullable().optional(),
  receiptLayout: z.enum(RECEIPT_LAYOUTS).optional(),
  /** The printer receipts go to without a dialog (Electron); null: the system's default. */
  printerName: z.string().trim().min(1).max(200).nullable().optional(),
});

export const ipcInputs = {
  // Who is at the counter.
  'session.staff': z.object({}),
  'session.login': z.object({ staffId: z.string().min(1), pin: z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits') }),
  'session.logout': z.object({}),
  'session.current': z.object({}),
  /** What the login screen needs before anyone logs in: first run or not, the screen's language. */
  'session.status': z.object({}),
  /** First run on a counter with a real central: the first manager, who is then logged in. */
  'session.setup': z.object({ name: staffName, pin: newPin }),
  /** The counter's screen language, which the login screen may switch too. */
  'session.language': z.object({ languageId: z.number().int() }),

  // The staff list, kept by managers.
  'staff.list': z.object({}),
  'staff.add': z.object({ name: staffName, role: z.enum(['clerk', 'manager']), pin: newPin }),
  'staff.setActive': z.object({ staffId: z.string().min(1), active: z.boolean() }),
  'staff.resetPin': z.object({ staffId: z.string().min(1), pin: newPin }),

  // Reference data (cached locally, refreshed from the central).
  'catalog.get': z.object({}),

  // Orders: the same operations as the central's order interface, on the local store.
  'orders.create': z.object({
    languageId: z.number().int(),
    orderLines: z.array(orderLineInput).min(1),
  }),
  'orders.get': orderId,
  'orders.search': z.object({
    /** An order number, a pass number, the last digits of a bank card, or an xTat. */
    text: z.string().trim().max(100).default(''),
    /** A calendar day (YYYY-MM-DD, local time of the counter) to list that day's orders. */
    day: z.iso.date().optional(),
    orderStatusId: z.array(z.number().int().min(1).max(6)).optional(),
    limit: z.number().int().min(1).max(500).default(50),
  }),
  'orders.patch': orderId.extend({ patch: patchOrderInput }),
  'orders.delete': orderId,
  'orders.setCustomer': orderId.extend({ customer: customerInput }),
  'orders.deliver': orderId,
  'orders.cancel': orderId,
  'lines.add': orderId.extend({ line: addOrderLineInput }),
  'lines.patch': z.object({ orderLineId: uuid, patch: patchOrderLineInput }),
  'lines.remove': z.object({ orderLineId: uuid }),
  'payments.add': orderId.extend({ payment: paymentInput }),
  'payments.setStatus': z.object({ paymentId: uuid, status: paymentStatusInput }),
  /** Money given back (CONTRACT 7.1); a manager's act. */
  'payments.refund': orderId.extend({ refund: refundInput }),

  // Lookups: the central's lookup interface when online, the local cache when not.
  'lookup.tokens': transitTokenQuery.partial(),
  'lookup.mandates': mandateQuery.partial(),

  // E-mail challenge for personal data: a one-time password sent to the traveller.
  'challenge.send': z.object({ emailAddress: z.email() }),
  'challenge.verify': z.object({ challengeId: z.string().min(1), code: z.string().regex(/^\d{6}$/) }),

  // Settings of this counter.
  'settings.get': z.object({}),
  'settings.set': z.object({
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
  }),
  /** Who changed the central, its token or the touchpoint, and when. */
  'settings.history': z.object({}),

  // Sync with the central.
  'sync.status': z.object({}),
  'sync.now': z.object({}),
  'sync.rejected': z.object({}),
  /** Orders set aside after failing again and again; a manager retries one, or all without orderId. */
  'sync.setAside': z.object({}),
  'sync.retry': z.object({ orderId: z.string().min(1).max(100).optional() }),
  'sync.unsent': z.object({}),
  /** Managers: every order the central does not have in its latest state, with the central's reasons. */
  'sync.problems': z.object({}),

  // The manager's day: review, stale concepts, the drawer and its X and Z reports, reports, audit.
  'manager.orders': managerOrdersInput,
  'manager.order': orderId,
  'manager.staleConcepts': z.object({}),
  'manager.cancelStale': staleCancelInput,
  'day.status': z.object({}),
  'day.open': dayOpenInput,
  'day.xReport': z.object({}),
  'day.close': dayCloseInput,
  'day.zReport': businessDayInput,
  'day.list': dayListInput,
  'reports.summary': reportsSummaryInput,
  'reports.export': reportsExportInput,
  'audit.list': auditListInput,

  // The receipt on this counter's printer. Electron's main answers it (silent print to the
  // chosen printer); a shell without a printer answers printed: false and the page prints itself.
  'receipt.print': z.object({}),
} as const;

export type Channel = keyof typeof ipcInputs;
export type IpcInput<C extends Channel> = z.input<(typeof ipcInputs)[C]>;
export type IpcParsedInput<C extends Channel> = z.output<(typeof ipcInputs)[C]>;

export type Role = 'clerk' | 'manager';
export interface StaffMember {
  staffId: string;
  name: string;
  role: Role;
}
export interface StaffRecord extends StaffMember {
  active: boolean;
}
export interface SessionStatus {
  /** True on a counter with a real central and no staff yet: the first manager must be set up. */
  firstRun: boolean;
  embeddedCentral: boolean;
  languageId: number;
  languages: { languageId: number; iso639Code: string }[];
}
export interface SettingsChange {
  at: string;
  staffId: string;
  staffName: string;
  /** What changed; a token's value is never recorded. */
  setting: 'centralUrl' | 'bearerToken' | 'touchpointId' | 'retentionDays';
  value: string | null;
}

export type SyncState = 'pending' | 'synced' | 'rejected' | 'central';
export interface OrderSync {
  state: SyncState;
  /** The central's order number, once the order reached it. */
  centralOrderNumber: string | null;
  /** The central's reasons, when it refused the order. */
  reasons: ProblemError[];
}
export interface CounterOrder {
  order: Order;
  sync: OrderSync;
  /** Another touchpoint owns the order (CONTRACT 7.3): the counter shows it and changes nothing. */
  readOnly: boolean;
}
export interface OrderSummary {
  orderId: string;
  orderNumber: string;
  centralOrderNumber: string | null;
  createdOn: string;
  statusId: number;
  totalAmount: number;
  lineCount: number;
  syncState: SyncState;
}

export interface CatalogView {
  products: Product[];
  languages: Language[];
  touchpoints: TouchPoint[];
  paymentMethods: PaymentMethod[];
  refreshedAt: string;
  source: 'central' | 'bundled demo';
}

export interface LookupAnswer<T> {
  records: T[];
  source: 'central' | 'cache';
  /** Set when answered from the cache: how old it is. */
  stale: boolean;
  ageSeconds: number | null;
}

export interface SettingsView {
  centralUrl: string | null;
  /** True when no central is configured and the counter runs its own demo central. */
  embeddedCentral: boolean;
  hasBearerToken: boolean;
  /** Where the token is kept: the OS keychain (Electron safeStorage) or, without one, refused. */
  tokenStorage: 'safeStorage' | 'memory-only' | 'none';
  touchpointId: number;
  deviceId: string;
  languageId: number;
  retentionDays: number;
  quickKeys: (number | null)[] | null;
  receiptLayout: ReceiptLayout;
  printerName: string | null;
}

/** An order the central has not seen in its latest state yet, for the sync panel. */
export interface UnsentOrder {
  orderId: string;
  orderNumber: string;
  /** The oldest change still waiting. */
  since: string;
  changes: number;
  /** 'unknown': a request got no answer; the central is asked before anything is sent again. */
  state: 'waiting' | 'unknown';
  /** Why the last attempt to send failed (the attempt covers every waiting order). */
  lastError: RefusalCode | null;
}

export interface SyncStatus {
  /** False only when the central cannot be reached, not when one order fails there. */
  online: boolean;
  /** Orders waiting to be sent (the set-aside ones not counted). */
  pending: number;
  rejected: number;
  /** Orders set aside after failing MAX_ATTEMPTS times while others went through. */
  setAside: number;
  lastSuccessAt: string | null;
  /** Why the last round failed, as a refusal code the renderer words. */
  lastError: RefusalCode | null;
  embeddedCentral: boolean;
}

export interface IpcOutputs {
  'session.staff': StaffMember[];
  'session.login': StaffMember;
  'session.logout': true;
  'session.current': StaffMember | null;
  'session.status': SessionStatus;
  'session.setup': StaffMember;
  'session.language': SessionStatus;
  'staff.list': StaffRecord[];
  'staff.add': StaffRecord;
  'staff.setActive': StaffRecord;
  'staff.resetPin': true;
  'catalog.get': CatalogView;
  'orders.create': CounterOrder;
  'orders.get': CounterOrder;
  'orders.search': OrderSummary[];
  'orders.patch': CounterOrder;
  'orders.delete': true;
  'orders.setCustomer': CounterOrder;
  'orders.deliver': CounterOrder;
  'orders.cancel': CounterOrder;
  'lines.add': CounterOrder;
  'lines.patch': CounterOrder;
  'lines.remove': CounterOrder;
  'payments.add': CounterOrder;
  'payments.setStatus': CounterOrder;
  'payments.refund': CounterOrder;
  'lookup.tokens': LookupAnswer<TransitTokenRecord>;
  'lookup.mandates': LookupAnswer<MandateRecord>;
  'challenge.send': { challengeId: string; expiresAt: string; sentTo: string; demoCode: string | null };
  'challenge.verify': { verified: true };
  'settings.get': SettingsView;
  'settings.set': SettingsView;
  'settings.history': SettingsChange[];
  'sync.status': SyncStatus;
  'sync.now': SyncStatus;
  'sync.rejected': CounterOrder[];
  'sync.setAside': SetAsideOrder[];
  'sync.retry': SyncStatus;
  'sync.unsent': UnsentOrder[];
  'sync.problems': SyncProblem[];
  'manager.orders': ManagerOrdersPage;
  'manager.order': ManagerOrderDetail & { order: CounterOrder };
  'manager.staleConcepts': StaleConcept[];
  'manager.cancelStale': StaleCancelOutcome;
  'day.status': DayStatus;
  'day.open': DayStatus;
  'day.xReport': DayReport;
  'day.close': DayReport;
  'day.zReport': DayReport;
  'day.list': ClosedDay[];
  'reports.summary': ReportSummary;
  'reports.export': ExportFile;
  'audit.list': AuditPage;
  'receipt.print': { printed: boolean };
}

/** An order sync set aside: how often it failed, and the last error. */
export interface SetAsideOrder {
  order: Order;
  attempts: number;
  lastError: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Events the main process pushes to the renderer. */
export interface IpcEvents {
  'sync.changed': SyncStatus;
  'orders.changed': { orderId: string };
  'catalog.changed': { refreshedAt: string };
}
export type EventName = keyof IpcEvents;

/** What the preload (Electron) or the bridge client (browser shell) puts on `window.counter`. */
export interface CounterApi {
  invoke<C extends Channel>(channel: C, input: IpcInput<C>): Promise<IpcResult<IpcOutputs[C]>>;
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
  /** 'electron' or 'browser': the renderer says which shell it runs in. */
  shell: 'electron' | 'browser';
}

/** Own keys only: `constructor`, `toString` or `__proto__` are no channels. */
export const isChannel = (name: unknown): name is Channel => typeof name === 'string' && Object.hasOwn(ipcInputs, name);
