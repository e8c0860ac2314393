import type { Database } from 'better-sqlite3';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * How many orders wait to be sent (outbox rows, not set aside), kept as a number instead of
 * counted: the screens' "to send" is read after every sale (docs/counter.md §4), and counting
 * the outbox's distinct orders costs a pass over it, about 20 ms a sale after a month offline
 * (50,000 orders waiting). The number lives in a TEMP table kept by TEMP triggers of the one
 * connection that writes the counter's database (counter.ts; the others only read), so no
 * migration: each opening counts once and the triggers keep the count in step, in the writes'
 * own transactions (a rolled back write takes its change of the count with it).
 */
const KEEP_COUNT = `
  CREATE TEMP TABLE sync_pending_count (n INTEGER NOT NULL);
  INSERT INTO temp.sync_pending_count (n)
    SELECT COUNT(DISTINCT order_id) FROM main.outbox
    WHERE order_id NOT IN (SELECT order_id FROM main.sync_orders WHERE set_aside = 1);

  -- An order's first outbox row puts it in line, unless it is set aside.
  CREATE TEMP TRIGGER sync_pending_on_outbox_insert AFTER INSERT ON main.outbox
  WHEN NOT EXISTS (SELECT 1 FROM main.outbox o WHERE o.order_id = NEW.order_id AND o.seq <> NEW.seq)
   AND NOT EXISTS (SELECT 1 FROM main.sync_orders s WHERE s.order_id = NEW.order_id AND s.set_aside = 1)
  BEGIN UPDATE temp.sync_pending_count SET n = n + 1; END;

  -- Its last row gone (acknowledged), it is out of line.
  CREATE TEMP TRIGGER sync_pending_on_outbox_delete AFTER DELETE ON main.outbox
  WHEN NOT EXISTS (SELECT 1 FROM main.outbox o WHERE o.order_id = OLD.order_id)
   AND NOT EXISTS (SELECT 1 FROM main.sync_orders s WHERE s.order_id = OLD.order_id AND s.set_aside = 1)
  BEGIN UPDATE temp.sync_pending_count SET n = n - 1; END;

  -- Set aside, or put back in line, while it has rows waiting.
  CREATE TEMP TRIGGER sync_pending_on_set_aside AFTER UPDATE OF set_aside ON main.sync_orders
  WHEN (OLD.set_aside = 1) <> (NEW.set_aside = 1)
   AND EXISTS (SELECT 1 FROM main.outbox o WHERE o.order_id = NEW.order_id)
  BEGIN UPDATE temp.sync_pending_count SET n = n + (OLD.set_aside = 1) - (NEW.set_aside = 1); END;

  CREATE TEMP TRIGGER sync_pending_on_sync_insert AFTER INSERT ON main.sync_orders
  WHEN NEW.set_aside = 1 AND EXISTS (SELECT 1 FROM main.outbox o WHERE o.order_id = NEW.order_id)
  BEGIN UPDATE temp.sync_pending_count SET n = n - 1; END;

  CREATE TEMP TRIGGER sync_pending_on_sync_delete AFTER DELETE ON main.sync_orders
  WHEN OLD.set_aside = 1 AND EXISTS (SELECT 1 FROM main.outbox o WHERE o.order_id = OLD.order_id)
  BEGIN UPDATE temp.sync_pending_count SET n = n + 1; END;
`;

/** Starts keeping the count on this connection (once, right after it is opened and migrated). */
export function keepPendingCount(db: Database): void {
  db.exec(KEEP_COUNT);
}

/** Orders waiting to be sent, not counting those set aside. */
export function pendingCount(db: Database): number {
  return (stmt(db, 'SELECT n FROM temp.sync_pending_count').get() as { n: number }).n;
}
