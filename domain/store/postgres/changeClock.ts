import type pg from 'pg';

/**
 * The change clock (docs/api.md §8) on a database that several central processes write at
 * once. A batch takes its stamp when it is sealed, after its writes and just before its
 * commit, by updating the one `change_clock` row: the later of the clock and one millisecond
 * past the last stamp given. The row stays locked until the batch commits, so the next batch
 * (of any process) takes its stamp only after this one is visible: stamps rise in commit
 * order, and a reader that has seen stamp S will never later find a change committed with a
 * stamp below S. Only the seal and the commit wait for it: the batches of several processes
 * do their writes at the same time. Readers never wait for it (MVCC).
 */
async function nextStamp(client: pg.PoolClient, now: Date): Promise<string> {
  const { rows } = await client.query<{ stamp: string }>(
    'UPDATE change_clock SET stamp = GREATEST(stamp + 1, $1) WHERE id = 1 RETURNING stamp',
    [now.getTime()],
  );
  return new Date(Number(rows[0]!.stamp)).toISOString();
}

/** The stamp a batch's rows carry until it is sealed: before any the clock gives, and never seen outside the batch. */
export const UNSEALED = '0001-01-01T00:00:00.000Z';

/**
 * Where a stored document's text holds its stamp. JSON.stringify writes the key and value so,
 * and a quote inside a string value is escaped: this text occurs nowhere else in it.
 */
export const stampText = (stamp: string) => `"lastUpdatedOn":"${stamp}"`;

/** What a batch wrote: the orders and tombstones its seal stamps. */
export interface Written {
  orders: string[];
  deleted: string[];
}

/**
 * Seals a batch that wrote under UNSEALED: takes its stamp from the change clock (`now` or one
 * millisecond past the last stamp given) and puts it in the place of UNSEALED in what it wrote.
 */
export async function sealBatch(client: pg.PoolClient, written: Written, now: Date): Promise<string> {
  const stamp = await nextStamp(client, now);
  if (written.orders.length > 0) {
    await client.query(
      'UPDATE orders SET last_updated_on = $1, doc = replace(doc, $2, $3) WHERE order_id = ANY($4) AND last_updated_on = $5',
      [stamp, stampText(UNSEALED), stampText(stamp), written.orders, UNSEALED],
    );
  }
  if (written.deleted.length > 0) {
    await client.query('UPDATE deleted_orders SET deleted_on = $1 WHERE order_id = ANY($2) AND deleted_on = $3', [
      stamp,
      written.deleted,
      UNSEALED,
    ]);
  }
  return stamp;
}

/** A batch's rules: its writes note what they wrote under UNSEALED; the seal takes the stamp from `clock` and puts it in their place. */
export const stampedAtSeal = (clock: () => Date) => ({
  open: (): Written => ({ orders: [], deleted: [] }),
  seal: (client: pg.PoolClient, written: Written) => sealBatch(client, written, clock()),
});
