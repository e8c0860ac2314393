import type { CounterDb as Database } from './db/database';
import type { Channel, CounterOrder, IpcOutputs, IpcParsedInput, IpcResult } from '../../shared/ipc';
import { refusal, type RefusalCode, type RefusalKind } from '../../shared/refusals';
import type { Order } from '../../shared/schemas/order';
import type { Refusal, Result } from '../../domain/result';
import { owns, type Caller, type OrderService } from '../../domain/service';
import type { CatalogCache } from './catalogCache';
import type { Challenges } from './challenge';
import { dayBounds } from '../../domain/reports/timeZone';
import type { DrawerDays } from './manager/days';
import { managerHandlers, type ManagerChannel } from './manager/handlers';
import { ordersPage, searchByText } from './manager/queries';
import { getSync, rejectedIds, setAsideOrders, syncView, unsentOrders } from './db/syncOrders';
import type { Lookups } from './lookups';
import type { CounterSettings } from './settings';
import { isRefusal, type Staff, type StaffRefusal } from './staff';
import { purgePersonalData } from './retention';
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
  days: DrawerDays;
  timeZone: string;
  now: () => Date;
  /** Called after every committed change of an order. */
  changed: (orderId: string) => void;
}

export type Handlers = { [C in Channel]: (input: IpcParsedInput<C>) => Promise<IpcResult<IpcOutputs[C]>> };

const done = <T>(value: T) => ({ ok: true, value }) as const;

const DOMAIN_CODES: Record<Refusal['kind'], RefusalCode> = {
  invalid: 'order.invalid',
  'not-found': 'order.notFound',
  conflict: 'order.conflict',
  forbidden: 'order.forbidden',
};

function refusalError(r: Refusal) {
  return refusal(r.kind, DOMAIN_CODES[r.kind], {}, 'errors' in r ? r.errors : []);
}

/** A staff refusal, or the value when there is none. */
function staffAnswer<T extends object>(answer: T | StaffRefusal, kind: RefusalKind = 'conflict') {
  return isRefusal(answer) ? refusal(kind, answer.code, answer.params) : done(answer as T);
}

const registeredTokens = (lines: { customerTokens?: { transitTokenId?: number | null }[] | null }[]) =>
  lines.flatMap((l) => (l.customerTokens ?? []).map((t) => t.transitTokenId).filter((id): id is number => typeof id === 'number'));

/** All time, for a list without a day. */
const EVER = { from: '0000', to: '9999' };

/** The counter's IPC handlers: the typed map the shells dispatch to, each answering a result. */
export function makeHandlers(deps: HandlerDeps): Handlers {
  const { db, service, settings, staff, catalog, lookups, engine } = deps;
  const caller = (): Caller => ({ touchpointId: settings.touchpointId, customerProfileId: null });

  const counterOrder = (order: Order): CounterOrder => ({
    order,
    sync: syncView(getSync(db, order.orderId)),
    readOnly: !owns(caller(), { touchpointId: order.touchPoint.salesTouchpointId }),
  });

  /**
   * Runs an order change (the dispatch's gate has checked the session) and tells sync and the
   * screens. A sale (`sells`) into a closed day is refused: its Z report is final.
   */
  async function change(run: () => Promise<Result<Order>>, sells = true): Promise<IpcResult<CounterOrder>> {
    const closed = sells ? deps.days.closedToday() : null;
    if (closed !== null) return refusal('conflict', 'day.closed', { businessDate: closed });
    const result = await run();
    if (!result.ok) return refusalError(result.refusal);
    deps.changed(result.value.orderId);
    return done(counterOrder(result.value));
  }

  const status = () => engine.status();
  const sessionStatus = () => ({
    firstRun: staff.firstRun(),
    embeddedCentral: deps.embeddedCentral,
    languageId: settings.languageId,
    languages: [...catalog.current().languages.values()].map(({ languageId, iso639Code }) => ({ languageId, iso639Code })),
  });
  const unknownLanguage = (languageId: number) =>
    refusal('invalid', 'settings.unknownLanguage', { languageId }, [{ detail: 'unknown language', pointer: '/languageId' }]);

  const handlers: Omit<Handlers, ManagerChannel> = {
    'session.staff': async () => done(staff.list()),
    'session.login': async ({ staffId, pin }) => {
      if (staff.firstRun()) return refusal('conflict', 'setup.needed');
      return staffAnswer(staff.login(staffId, pin), 'unauthenticated');
    },
    'session.status': async () => done(sessionStatus()),
    'session.setup': async ({ name, pin }) => staffAnswer(staff.setup(name, pin)),
    'session.language': async ({ languageId }) => {
      if (!catalog.current().languages.has(languageId)) return unknownLanguage(languageId);
      settings.update({ languageId }, null);
      return done(sessionStatus());
    },
    'staff.list': async () => done(staff.all()),
    'staff.add': async ({ name, role, pin }) => done(staff.add(name, role, pin)),
    'staff.setActive': async ({ staffId, active }) => staffAnswer(staff.setActive(staffId, active)),
    'staff.resetPin': async ({ staffId, pin }) => {
      const reset = staff.resetPin(staffId, pin);
      return reset === true ? done(true as const) : refusal('not-found', reset.code);
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
      // Listing (no search text) shows every order of a day: a manager's overview.
      if (text === '' && staff.who()?.role !== 'manager') return refusal('forbidden', 'session.managerOnly');
      const range = day ? dayBounds(day, deps.timeZone) : null;
      const rows =
        text === ''
          ? ordersPage(db, range ?? EVER, { statusIds: orderStatusId }, [], null, limit).rows
          : searchByText(db, catalog.current(), text, range, orderStatusId, limit);
      return done(rows.map(({ clerk: _clerk, lines: _lines, paidAmount: _paid, ...summary }) => summary));
    },
    'orders.patch': ({ orderId, patch }) => change(() => service.patch(orderId, patch, caller()), false),
    'orders.delete': async ({ orderId }) => {
      const result = await service.remove(orderId, caller());
      if (!result.ok) return refusalError(result.refusal);
      deps.changed(orderId);
      return done(true as const);
    },
    'orders.setCustomer': ({ orderId, customer }) => change(() => service.setCustomer(orderId, customer, caller()), false),
    'orders.deliver': ({ orderId }) => change(() => service.deliver(orderId, caller()), false),
    'orders.cancel': ({ orderId }) => change(() => service.cancel(orderId, caller()), false),
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
    // A manager's act: the dispatch's gate (shared/ipcAccess.ts) checks the role.
    'payments.refund': ({ orderId, refund }) => change(() => service.refund(orderId, refund, caller())),

    'lookup.tokens': async (query) => done(await lookups.tokens(query)),
    'lookup.mandates': async (query) => done(await lookups.mandates(query)),

    'challenge.send': async ({ emailAddress }) => {
      const sent = await deps.challenges.send(emailAddress);
      return typeof sent === 'string' ? refusal('conflict', sent) : done(sent);
    },
    'challenge.verify': async ({ challengeId, code }) => {
      const verdict = deps.challenges.verify(challengeId, code);
      return verdict === true ? done({ verified: true as const }) : refusal('invalid', verdict);
    },

    'settings.get': async () => done(settings.view(deps.embeddedCentral)),
    'settings.set': async (change) => {
      if (change.languageId !== undefined && !catalog.current().languages.has(change.languageId)) return unknownLanguage(change.languageId);
      if (change.touchpointId !== undefined && !catalog.current().touchpoints.get(change.touchpointId)?.isActive) {
        return refusal('invalid', 'settings.unknownTouchpoint', { touchpointId: change.touchpointId }, [
          { detail: 'unknown touchpoint', pointer: '/touchpointId' },
        ]);
      }
      const unknownProducts = (change.quickKeys ?? []).filter((id) => id !== null && !catalog.current().products.has(id));
      if (unknownProducts.length > 0) {
        return refusal('invalid', 'settings.unknownProduct', { productId: unknownProducts.join(', ') }, [
          { detail: 'unknown product', pointer: '/quickKeys' },
        ]);
      }
      settings.update(change, staff.who());
      // A shorter retention applies at once, not at the next daily run.
      if (change.retentionDays !== undefined) purgePersonalData(db, settings.retentionDays, deps.now());
      return done(settings.view(deps.embeddedCentral));
    },
    'settings.history': async () => done(settings.history()),

    'sync.status': async () => done(status()),
    'sync.now': async () => done(await engine.settle()),
    'sync.unsent': async () => done(unsentOrders(db, engine.lastFailure)),
    // No printer in this host: the page prints itself (Electron's main answers before this).
    'receipt.print': async () => done({ printed: false }),
    'sync.rejected': async () => {
      const orders = await Promise.all(rejectedIds(db).map((id) => service.get(id, caller())));
      return done(orders.filter((r) => r.ok).map((r) => counterOrder((r as { value: Order }).value)));
    },
    'sync.setAside': async () => {
      const held = await Promise.all(setAsideOrders(db).map(async (s) => ({ ...s, found: await service.get(s.orderId, caller()) })));
      return done(held.flatMap(({ found, attempts, lastError }) => (found.ok ? [{ order: found.value, attempts, lastError }] : [])));
    },
    'sync.retry': async ({ orderId }) => {
      if (engine.retry(orderId ?? null) === 0 && orderId !== undefined) return refusal('not-found', 'sync.notSetAside', { orderId });
      return done(status());
    },
  };
  return {
    ...handlers,
    ...managerHandlers({
      db,
      service,
      catalog: () => catalog.current(),
      days: deps.days,
      timeZone: deps.timeZone,
      who: () => staff.who(),
      caller,
      orderView: (orderId) => handlers['orders.get']({ orderId }),
      changed: deps.changed,
      syncSoon: () => engine.kick(),
    }),
  };
}
