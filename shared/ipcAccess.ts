import type { Channel, Role } from './ipc';

/**
 * Who may make each IPC call: the one place the counter's dispatch checks before any handler
 * runs. 'public' calls are the login screen's (who works here, log in, first run, the screen's
 * language, sync status); every other call needs a session, some a manager. A Record over
 * Channel: a new channel does not compile until it is given its role here.
 */
export type Access = 'public' | Role;

export const CHANNEL_ACCESS: Record<Channel, Access> = {
  'session.staff': 'public',
  'session.login': 'public',
  'session.logout': 'public',
  'session.current': 'public',
  'session.status': 'public',
  'session.setup': 'public',
  'session.language': 'public',
  'sync.status': 'public',

  'catalog.get': 'clerk',
  'orders.create': 'clerk',
  'orders.get': 'clerk',
  'orders.search': 'clerk',
  'orders.patch': 'clerk',
  'orders.delete': 'clerk',
  'orders.setCustomer': 'clerk',
  'orders.deliver': 'clerk',
  'orders.cancel': 'clerk',
  'lines.add': 'clerk',
  'lines.patch': 'clerk',
  'lines.remove': 'clerk',
  'payments.add': 'clerk',
  'payments.setStatus': 'clerk',
  'lookup.tokens': 'clerk',
  'lookup.mandates': 'clerk',
  'challenge.send': 'clerk',
  'challenge.verify': 'clerk',
  'settings.get': 'clerk',
  'sync.now': 'clerk',
  'sync.rejected': 'clerk',
  'sync.setAside': 'clerk',
  'sync.unsent': 'clerk',
  'receipt.print': 'clerk',

  'staff.list': 'manager',
  'staff.add': 'manager',
  'staff.setActive': 'manager',
  'staff.resetPin': 'manager',
  'payments.refund': 'manager',
  'settings.set': 'manager',
  'settings.history': 'manager',
  'sync.retry': 'manager',
  'sync.problems': 'manager',
  'manager.orders': 'manager',
  'manager.order': 'manager',
  'manager.staleConcepts': 'manager',
  'manager.cancelStale': 'manager',
  'day.status': 'manager',
  'day.open': 'manager',
  'day.xReport': 'manager',
  'day.close': 'manager',
  'day.zReport': 'manager',
  'day.list': 'manager',
  'reports.summary': 'manager',
  'reports.export': 'manager',
  'audit.list': 'manager',
};

/**
 * The calls the audit trail records with who, when and which order (besides every refused
 * manager call): the acts that move money, close a day, or take data out.
 */
export const AUDITED: ReadonlySet<Channel> = new Set<Channel>([
  'payments.refund',
  'orders.cancel',
  'orders.delete',
  'manager.cancelStale',
  'day.open',
  'day.close',
  'reports.export',
  'sync.retry',
  'staff.add',
  'staff.setActive',
  'staff.resetPin',
  'settings.set',
]);

/** Whether someone with `role` (null: nobody logged in) may make a call needing `access`. */
export function mayCall(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'clerk' || role === 'manager';
}
