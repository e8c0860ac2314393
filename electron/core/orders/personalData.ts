import type { CounterDb as Database } from '../db/database';
import type { CustomerToken, Order } from '../../../shared/schemas/order';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The local orders without their personal data, for the settings' retention job (docs/counter.md §11):
 * once an order has reached the central and nothing of it waits to be sent, its photos, birthdates,
 * e-mail addresses, names, addresses, IBANs and personal account data are removed from the local copy;
 * the order itself (products, amounts, statuses, numbers) stays for the day's list and receipts.
 */

function withoutPersonalToken(token: CustomerToken): CustomerToken {
  return {
    ...token,
    personalAccountData: token.personalAccountData && {
      ...token.personalAccountData,
      name: null,
      birthdate: null,
      photo: null,
      oneTimePassword: null,
    },
    transitToken: token.transitToken && { ...token.transitToken, personalAccountData: null },
  };
}

/** The order with its personal data taken out. */
export function withoutPersonalData(order: Order): Order {
  return {
    ...order,
    orderCustomer: null,
    orderLines: order.orderLines.map((line) => ({
      ...line,
      customerTokens: line.customerTokens && line.customerTokens.map(withoutPersonalToken),
    })),
    payments: order.payments.map((p) => ({
      ...p,
      mandateInput: p.mandateInput && { ...p.mandateInput, iban: '', bic: '', ascription: '', place: '' },
    })),
  };
}

/** A page's changed orders, and the last order id read when a next page may follow. */
interface PurgedPage {
  changed: number;
  last: string | null;
}

/** Orders read and rewritten a transaction at a time, so the purge's memory stays the same at any store size. */
const PAGE = 500;

/**
 * Removes the personal data of orders last changed before `before` that reached the central and wait for nothing
 * to be sent; returns how many changed.
 * An order once looked at is recorded with the version it had (purged_orders, counter migration 19), so the
 * daily run reads only the orders that aged past the period or changed since, not every old order again; a
 * changed order (a newer version pulled from the central) is looked at again (docs/counter.md §11).
 */
export function purgeOrdersBefore(db: Database, before: string, pageSize = PAGE): number {
  const page = stmt(
    db,
    `SELECT o.order_id, o.doc, o.last_updated_on FROM orders o JOIN sync_orders s ON s.order_id = o.order_id
     WHERE o.order_id > ? AND s.state IN ('synced', 'central') AND o.last_updated_on < ?
       AND NOT EXISTS (SELECT 1 FROM outbox x WHERE x.order_id = o.order_id)
       AND NOT EXISTS (SELECT 1 FROM purged_orders p WHERE p.order_id = o.order_id AND p.last_updated_on = o.last_updated_on)
     ORDER BY o.order_id LIMIT ?`,
  );
  const update = stmt(db, 'UPDATE orders SET doc = ? WHERE order_id = ?');
  const looked = stmt(db, 'INSERT OR REPLACE INTO purged_orders (order_id, last_updated_on) VALUES (?, ?)');
  const purgePage = db.transaction((after: string): PurgedPage => {
    const rows = page.all(after, before, pageSize) as { order_id: string; doc: string; last_updated_on: string }[];
    let changed = 0;
    for (const row of rows) {
      const doc = JSON.stringify(withoutPersonalData(JSON.parse(row.doc) as Order));
      if (doc !== row.doc) {
        update.run(doc, row.order_id);
        changed++;
      }
      looked.run(row.order_id, row.last_updated_on);
    }
    return { changed, last: rows.length === pageSize ? rows[rows.length - 1]!.order_id : null };
  });
  let orders = 0;
  for (let after: string | null = ''; after !== null;) {
    const done: PurgedPage = purgePage(after);
    orders += done.changed;
    after = done.last;
  }
  return orders;
}
