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
};

/** Whether someone with `role` (null: nobody logged in) may make a call needing `access`. */
export function mayCall(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'clerk' || role === 'manager';
}
