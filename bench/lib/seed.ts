import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../domain/store/sqlite/database';
import { cloneRow, type TemplateRow } from './clone';

const BATCH = 10_000;

/**
 * Fills an orders database with `count` copies of its newest order, straight into SQLite
 * in big transactions (HTTP would take minutes and measure nothing we want). The copies
 * get new ids, order numbers after the template's, and created_on one second apart going
 * back from the template, so "newest first" pages read seeded rows. The server may have
 * the file open meanwhile: it is idle, and WAL lets a second connection write.
 */
export function seedClones(file: string, count: number): { docBytes: number } {
  const db = openDatabase(file);
  try {
    const template = db
      .prepare(
        'SELECT order_id, order_number, created_on, last_updated_on, doc FROM orders ORDER BY created_on DESC, order_id DESC LIMIT 1',
      )
      .get() as TemplateRow | undefined;
    if (!template) throw new Error(`${file}: no order to copy; create one through the API first`);
    const parts = db.prepare('SELECT part_id, kind FROM order_parts WHERE order_id = ? ORDER BY part_id').all(template.order_id) as {
      part_id: string;
      kind: string;
    }[];
    const seq = db.prepare("SELECT value FROM sequences WHERE name = 'order_number'").get() as { value: number };
    const templateNumber = Number(template.order_number);
    if (!Number.isSafeInteger(templateNumber - seq.value)) throw new Error(`order number ${template.order_number} is not sequence-based`);
    const row = db.prepare(
      `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
         status_id, created_on, last_updated_on, version, doc)
       SELECT @order_id, touchpoint_id, NULL, @order_number, customer_profile_id, customer_fixed,
         status_id, @created_on, @last_updated_on, version, @doc FROM orders WHERE order_id = @template`,
    );
    const part = db.prepare('INSERT INTO order_parts (part_id, kind, order_id) VALUES (?, ?, ?)');
    const advance = db.prepare("UPDATE sequences SET value = ? WHERE name = 'order_number'");
    const start = Date.parse(template.created_on);
    const partIds = parts.map((p) => p.part_id);
    const insertBatch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const fresh = {
          orderId: randomUUID(),
          orderNumber: String(templateNumber + 1 + i),
          createdOn: new Date(start - (count - i) * 1000).toISOString(),
          partIds: parts.map(() => randomUUID()),
        };
        row.run({ ...cloneRow(template, partIds, fresh), template: template.order_id });
        parts.forEach((p, k) => part.run(fresh.partIds[k], p.kind, fresh.orderId));
      }
      advance.run(seq.value + to);
    });
    for (let from = 0; from < count; from += BATCH) insertBatch.immediate(from, Math.min(count, from + BATCH));
    // Leave no big WAL behind: both servers should start measuring from the same state.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { docBytes: Buffer.byteLength(template.doc) };
  } finally {
    db.close();
  }
}
