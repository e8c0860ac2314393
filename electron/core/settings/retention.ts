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

/** Removes personal data older than `days` (by the order's last change) from orders that reached the central. */
export function purgePersonalData(db: Database, days: number, now: Date): PurgeReport {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = stmt(
    db,
    `SELECT o.order_id, o.doc FROM orders o JOIN sync_orders s ON s.order_id = o.order_id
     WHERE s.state IN ('synced', 'central') AND o.last_updated_on < ?
       AND NOT EXISTS (SELECT 1 FROM outbox x WHERE x.order_id = o.order_id)`,
  ).all(before) as { order_id: string; doc: string }[];
  const update = stmt(db, 'UPDATE orders SET doc = ? WHERE order_id = ?');
  return db.transaction(() => {
    let orders = 0;
    for (const row of rows) {
      const doc = JSON.stringify(withoutPersonalData(JSON.parse(row.doc) as Order));
      if (doc === row.doc) continue;
      update.run(doc, row.order_id);
      orders++;
    }
    const cacheRecords = stmt(db, 'DELETE FROM lookup_cache WHERE fetched_at < ?').run(before).changes;
    return { orders, cacheRecords };
  })();
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
