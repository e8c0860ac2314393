import type { Database } from 'better-sqlite3';
import type { Channel, CounterOrder, IpcError, IpcOutputs, IpcParsedInput, IpcResult } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import type { Refusal, Result } from '../../domain/result';
import type { Caller, OrderService } from '../../domain/service';
import type { CatalogCache } from './catalogCache';
import type { Challenges } from './challenge';
import { searchOrders } from './db/search';
import { getSync, rejectedIds, syncView, unsentOrders } from './db/syncOrders';
import type { Lookups } from './lookups';
import type { CounterSettings } from './settings';
import type { Staff } from './staff';
import type { SyncEngine } from './sync/engine';

export interface HandlerDeps {
  db: Database;
  service: OrderService;
  settings: CounterSettings;
  staff: Staff;
  catalog: CatalogCache;
  lookups: Lookups;
  challenges: Challenges;
  engine: SyncEngine;
  embeddedCentral: boolean;
  /** Called after every committed change of an order. */
  changed: (orderId: string) => void;
}

export type Handlers = { [C in Channel]: (input: IpcParsedInput<C>) => Promise<IpcResult<IpcOutputs[C]>> };

const fail = (kind: IpcError['kind'], message: string, errors: IpcError['errors'] = []) =>
  ({ ok: false, error: { kind, message, errors } }) as const;
const done = <T>(value: T) => ({ ok: true, value }) as const;

function refusalError(refusal: Refusal) {
  if (refusal.kind === 'invalid') return fail('invalid', refusal.title, refusal.errors);
  return fail(refusal.kind, refusal.detail, 'errors' in refusal ? refusal.errors : []);
}

const registeredTokens = (lines: { customerTokens?: { transitTokenId?: number | null }[] | null }[]) =>
  lines.flatMap((l) => (l.customerTokens ?? []).map((t) => t.transitTokenId).filter((id): id is number => typeof id === 'number'));

/** The counter's IPC handlers: the typed map the shells dispatch to, each answering a result. */
export function makeHandlers(deps: HandlerDeps): Handlers {
  const { db, service, settings, staff, catalog, lookups, engine } = deps;
  const caller = (): Caller => ({ touchpointId: settings.touchpointId, customerProfileId: null });

  const counterOrder = (order: Order): CounterOrder => ({ order, sync: syncView(getSync(db, order.orderId)) });

  /** Runs an order change for a logged-in clerk and tells sync and the screens. */
  async function change(run: () => Promise<Result<Order>>): Promise<IpcResult<CounterOrder>> {
    if (!staff.who()) return fail('forbidden', 'log in first');
    const result = await run();
    if (!result.ok) return refusalError(result.refusal);
    deps.changed(result.value.orderId);
    return done(counterOrder(result.value));
  }

  const status = () => engine.status();

  return {
    'session.staff': async () => done(staff.list()),
    'session.login': async ({ staffId, pin }) => {
      const who = staff.login(staffId, pin);
      return typeof who === 'string' ? fail('unauthenticated', who) : done(who);
    },
    'session.logout': async () => {
      staff.logout();
      return done(true as const);
    },
    'session.current': async () => done(staff.who()),
    'catalog.get': async () => done(catalog.view()),

    'orders.create': (input) =>
      change(async () => {
        await lookups.prepare(registeredTokens(input.orderLines));
        return service.create({ ...input, externalDeviceId: settings.deviceId }, caller());
      }),
    'orders.get': async ({ orderId }) => {
      const result = await service.get(orderId, caller());
      return result.ok ? done(counterOrder(result.value)) : refusalError(result.refusal);
    },
    'orders.search': async ({ text, day, orderStatusId, limit }) => {
      if (!staff.who()) return fail('forbidden', 'log in first');
      if (text === '' && staff.who()?.role !== 'manager') return fail('forbidden', "only a manager may list a day's orders");
      const range = day ? localDay(day) : {};
      return done(searchOrders(db, catalog.current(), { text, ...range, orderStatusId, limit }));
    },
    'orders.patch': ({ orderId, patch }) => change(() => service.patch(orderId, patch, caller())),
    'orders.delete': async ({ orderId }) => {
      if (!staff.who()) return fail('forbidden', 'log in first');
      const result = await service.remove(orderId, caller());
      if (!result.ok) return refusalError(result.refusal);
      deps.changed(orderId);
      return done(true as const);
    },
    'orders.setCustomer': ({ orderId, customer }) => change(() => service.setCustomer(orderId, customer, caller())),
    'orders.deliver': ({ orderId }) => change(() => service.deliver(orderId, caller())),
    'orders.cancel': ({ orderId }) => change(() => service.cancel(orderId, caller())),
    'lines.add': ({ orderId, line }) =>
      change(async () => {
        await lookups.prepare(registeredTokens([line]));
        return service.addLine(orderId, line, caller());
      }),
    'lines.patch': ({ orderLineId, patch }) =>
      change(async () => {
        await lookups.prepare(registeredTokens([patch]));
        return service.patchLine(orderLineId, patch, caller());
      }),
    'lines.remove': ({ orderLineId }) => change(() => service.removeLine(orderLineId, caller())),
    'payments.add': ({ orderId, payment }) => change(() => service.addPayment(orderId, payment, caller())),
    'payments.setStatus': ({ paymentId, status: s }) => change(() => service.paymentStatus(paymentId, s, caller())),

    'lookup.tokens': async (query) => done(await lookups.tokens(query)),
    'lookup.mandates': async (query) => done(await lookups.mandates(query)),

    'challenge.send': async ({ emailAddress }) => {
      const sent = await deps.challenges.send(emailAddress);
      return typeof sent === 'string' ? fail('conflict', sent) : done(sent);
    },
    'challenge.verify': async ({ challengeId, code }) => {
      const verdict = deps.challenges.verify(challengeId, code);
      return verdict === true ? done({ verified: true as const }) : fail('invalid', verdict);
    },

    'settings.get': async () => done(settings.view(deps.embeddedCentral)),
    'settings.set': async (change) => {
      const { languageId: _language, ...managed } = change;
      const needsManager = Object.values(managed).some((value) => value !== undefined);
      if (needsManager && staff.who()?.role !== 'manager') return fail('forbidden', 'only a manager may change the settings of this counter');
      const unknown = (change.quickKeys ?? []).filter((id) => id !== null && !catalog.current().products.has(id));
      if (unknown.length > 0) {
        return fail('invalid', `there is no product ${unknown.join(', ')}`, [{ detail: 'unknown product', pointer: '/quickKeys' }]);
      }
      if (change.languageId !== undefined && !catalog.current().languages.has(change.languageId)) {
        return fail('invalid', `there is no language ${change.languageId}`, [{ detail: 'unknown language', pointer: '/languageId' }]);
      }
      settings.update(change);
      return done(settings.view(deps.embeddedCentral));
    },

    'sync.status': async () => done(status()),
    'sync.now': async () => done(await engine.settle()),
    'sync.unsent': async () => {
      if (!staff.who()) return fail('forbidden', 'log in first');
      return done(unsentOrders(db, engine.status().lastError));
    },
    // No printer in this host: the page prints itself (Electron's main answers before this).
    'receipt.print': async () => done({ printed: false }),
    'sync.rejected': async () => {
      const orders = await Promise.all(rejectedIds(db).map((id) => service.get(id, caller())));
      return done(orders.filter((r) => r.ok).map((r) => counterOrder((r as { value: Order }).value)));
    },
  };
}

/** A calendar day on the counter's own clock, as UTC bounds. */
function localDay(day: string): { from: string; to: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d + 1).toISOString() };
}
