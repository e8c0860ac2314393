import type { CounterDb as Database } from '../db/database';
import type { CustomerToken, Order } from '../../../shared/schemas/order';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * Personal data is kept on the counter only as long as it is needed there. Once an order has
 * reached the central (synced, or pulled from it) and nothing of it is waiting to be sent, its
 * photos, birthdates, e-mail addresses, names, addresses, IBANs and personal account data are
 * removed from the local copy after the retention period; the order itself (products,
 * amounts, statuses, numbers) stays for the day's list and receipts. Cached token and mandate
 * records older than the period go too. secure_delete (set when the database opens) makes
 * SQLite overwrite what was removed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

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

export interface PurgeReport {
  orders: number;
  cacheRecords: number;
}

/** A page's changed orders, and the last order id read when a next page may follow. */
interface PurgedPage {
  changed: number;
  last: string | null;
}

/** Orders read and rewritten a transaction at a time, so the purge's memory stays the same at any store size. */
const PAGE = 500;

/**
 * Removes personal data older than `days` (by the order's last change) from orders that reached the central.
 * An order once looked at is recorded with the version it had (purged_orders, counter migration 19), so the
 * daily run reads only the orders that aged past the period or changed since, not every old order again; a
 * changed order (a newer version pulled from the central) is looked at again (docs/counter.md §11).
 */
export function purgePersonalData(db: Database, days: number, now: Date, pageSize = PAGE): PurgeReport {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
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
  const cacheRecords = stmt(db, 'DELETE FROM lookup_cache WHERE fetched_at < ?').run(before).changes;
  return { orders, cacheRecords };
}

/** Runs the purge now and then once a day, until the returned stop is called. */
export function scheduleRetention(run: () => void): () => void {
  const safely = () => {
    try {
      run();
    } catch (error) {
      console.error(`counter: the retention job failed: ${(error as Error).message}`);
    }
  };
  safely();
  const timer = setInterval(safely, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
