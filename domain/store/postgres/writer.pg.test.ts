import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_TIME, draftOrder } from '../../../server/testing/drafts';
import { freshPostgresUrl } from '../../../server/testing/postgres';
import { openPostgres } from './database';
import { getOrder } from './orders';
import { writerThread, WriterError, type Writer } from './writer';

/** The PostgreSQL store's writer thread (writer.ts): what crosses to it and back, and what happens when it dies or closes. */

const numbering = { prefix: 'W', offset: 0, digits: 3 };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setUp(entry?: URL): Promise<{ url: string; writer: Writer }> {
  const url = await freshPostgresUrl();
  const pool = await openPostgres(url);
  await pool.end();
  const writer = writerThread(url, entry);
  closers.push(() => writer.close());
  return { url, writer };
}

const crashing = new URL('./testing/crashingWriterThread.ts', import.meta.url);

describe('the PostgreSQL writer thread', () => {
  it('writes a batch stamped from the latest time its writes were asked at, numbered on the thread', async () => {
    const { url, writer } = await setUp();
    const [a, b] = await Promise.all([
      writer.write({ kind: 'insert', record: draftOrder(), numbering, at: DRAFT_TIME + 5 }),
      writer.write({ kind: 'insert', record: draftOrder(), numbering, at: DRAFT_TIME + 9 }),
    ]);
    expect([a.order.orderNumber, b.order.orderNumber]).toEqual(['W001', 'W002']);
    expect([a.order.lastUpdatedOn, b.order.lastUpdatedOn]).toEqual([
      new Date(DRAFT_TIME + 9).toISOString(),
      new Date(DRAFT_TIME + 9).toISOString(),
    ]);
    const pool = await openPostgres(url);
    closers.push(() => pool.end());
    expect((await getOrder(pool, a.order.orderId))!.order).toEqual(a.order);
    expect(await writer.write({ kind: 'update', record: { ...a, version: 2 }, expectedVersion: 5, at: DRAFT_TIME })).toBeNull();
    expect(await writer.write({ kind: 'remove', orderId: b.order.orderId, expectedVersion: b.version, at: DRAFT_TIME })).toBe(true);
  });

  it('hands back PostgreSQL’s code and constraint of a write that failed', async () => {
    const { writer } = await setUp();
    const record = draftOrder();
    const external = { ...record, order: { ...record.order, externalOrderId: 'till-1' } };
    await writer.write({ kind: 'insert', record: external, numbering, at: DRAFT_TIME });
    const again = draftOrder();
    const failed = writer.write({
      kind: 'insert',
      record: { ...again, order: { ...again.order, externalOrderId: 'till-1' } },
      numbering,
      at: DRAFT_TIME,
    });
    await expect(failed).rejects.toBeInstanceOf(WriterError);
    await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 'orders_by_external_id' });
  });

  it('fails the writes a dying thread held, and starts another for the next write', async () => {
    const { writer } = await setUp(crashing);
    await expect(writer.write({ kind: 'remove', orderId: 'crash', expectedVersion: 1, at: DRAFT_TIME })).rejects.toThrow(
      'the writer thread exited (7)',
    );
    const made = await writer.write({ kind: 'insert', record: draftOrder(), numbering, at: DRAFT_TIME });
    expect(made.order.orderNumber).toMatch(/^W\d{3}$/);
  });

  it('lets the writes in flight finish when closed, and refuses writes after', async () => {
    const { writer } = await setUp();
    const inFlight = writer.write({ kind: 'insert', record: draftOrder(), numbering, at: DRAFT_TIME });
    await writer.close();
    expect((await inFlight).order.orderNumber).toBe('W001');
    await expect(writer.write({ kind: 'insert', record: draftOrder(), numbering, at: DRAFT_TIME })).rejects.toThrow(
      'the order store is closed',
    );
  });
});
