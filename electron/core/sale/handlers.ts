import type { HandlersOf } from '../../../shared/ipc';
import type { saleChannels } from '../../../shared/ipc/sale';
import { ok, refusal } from '../../../shared/refusals';
import { dayBounds } from '../../../domain/reports/timeZone';
import type { CatalogCache } from '../catalog';
import type { CounterDb } from '../db/database';
import { ordersPage, searchByText } from '../orders';
import type { OrderDesk } from '../orders';
import type { Staff } from '../staff';
import type { CounterSettings } from '../settings';
import type { Lookups } from '../tokens';
import { parkSale, unfinishedSale, unfinishedSales, unparkSale } from './parked';

export interface SaleDeps {
  db: CounterDb;
  desk: OrderDesk;
  catalog: CatalogCache;
  lookups: Lookups;
  settings: CounterSettings;
  staff: Staff;
  timeZone: string;
  now: () => Date;
}

/** The registered tokens a change names: their records are fetched first, so the rules can judge them. */
export const registeredTokens = (lines: { customerTokens?: { transitTokenId?: number | null }[] | null }[]) =>
  lines.flatMap((l) => (l.customerTokens ?? []).map((t) => t.transitTokenId).filter((id): id is number => typeof id === 'number'));

/** All time, for a list without a day. */
const EVER = { from: '0000', to: '9999' };

/** A sale: the catalogue, the order and its lines on the counter's own store (docs/counter.md §12). */
export function saleHandlers({ db, desk, catalog, lookups, settings, staff, timeZone, now }: SaleDeps): HandlersOf<typeof saleChannels> {
  const { service, caller, change } = desk;
  return {
    'catalog.get': async () => ok(catalog.view()),
    'orders.create': (input) =>
      change(async () => {
        await lookups.prepare(registeredTokens(input.orderLines));
        return service.create({ ...input, externalDeviceId: settings.deviceId }, caller());
      }),
    'orders.get': ({ orderId }) => desk.get(orderId),
    'orders.search': async ({ text, day, orderStatusId, limit }) => {
      // Listing (no search text) shows every order of a day: a manager's overview.
      if (text === '' && staff.who()?.role !== 'manager') return refusal('forbidden', 'session.managerOnly');
      const range = day ? dayBounds(day, timeZone) : null;
      const rows =
        text === ''
          ? ordersPage(db, range ?? EVER, { statusIds: orderStatusId }, [], null, limit).rows
          : searchByText(db, catalog.current(), text, range, orderStatusId, limit);
      return ok(rows.map(({ clerk: _clerk, lines: _lines, paidAmount: _paid, ...summary }) => summary));
    },
    'orders.unfinished': async () => ok(unfinishedSales(db, settings.touchpointId)),
    'orders.park': async ({ orderId }) => {
      if (!unfinishedSale(db, settings.touchpointId, orderId)) return refusal('conflict', 'order.conflict');
      parkSale(db, orderId, now().toISOString(), staff.who());
      return ok(unfinishedSale(db, settings.touchpointId, orderId)!);
    },
    'orders.resume': async ({ orderId }) => {
      const found = await desk.get(orderId);
      if (found.ok) unparkSale(db, orderId);
      return found;
    },
    'orders.patch': ({ orderId, patch }) => change(() => service.patch(orderId, patch, caller())),
    'orders.delete': ({ orderId }) => desk.remove(() => service.remove(orderId, caller()), orderId),
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
  };
}
