import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DENOMINATIONS } from '../../../shared/manager/schemas';
import { clerk, STATUS, statusOf } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { verifyJournal } from './journal';
import { replayDay } from './replay';

/**
 * Random days at a real counter (docs/api.md §10.1–10.3): sales of a €3.40 and a €4.63 fare paid
 * in cash, by PIN, or in several cash payments with refunds in between and a full refund at the
 * end; paid in, paid out, safe drops; a second drawer session. The day is closed with exactly the
 * cash this test expects, so a close without a difference proves the counter's expected cash;
 * then the journal verifies, replays to the Z's figures, and the closed day refuses a change.
 */

const TZ = 'Europe/Amsterdam';
const m = managerCounter('2026-11-02T07:00:00.000Z');

/** The test's own statement of the Dutch rule, as the oracle (nearest multiple of 5). */
const rounded = (cents: number) => Math.round(cents / 5) * 5;

/** A count worth exactly `cents` (a multiple of 5), greedy over the notes and coins. */
function countOf(cents: number): Record<string, number> {
  const count: Record<string, number> = {};
  let left = cents;
  for (const d of DENOMINATIONS) {
    if (d < 5) continue;
    const n = Math.floor(left / d);
    if (n > 0) count[String(d)] = n;
    left -= n * d;
  }
  if (left !== 0) throw new Error(`${cents} is no multiple of 5`);
  return count;
}

const sale = fc.record({
  productId: fc.constantFrom(600, 602),
  quantity: fc.integer({ min: 1, max: 3 }),
  how: fc.constantFrom('cash', 'pin', 'several', 'open'),
});
const move = fc.record({ kind: fc.constantFrom('paidIn', 'paidOut', 'drop'), amount: fc.integer({ min: 1, max: 400 }).map((n) => n * 5) });
const day = fc.record({
  float: fc.integer({ min: 0, max: 4000 }).map((n) => n * 5),
  sales: fc.array(sale, { minLength: 1, maxLength: 5 }),
  moves: fc.array(move, { maxLength: 4 }),
  secondFloat: fc.option(fc.integer({ min: 0, max: 4000 }).map((n) => n * 5)),
});

describe('random days of cash', () => {
  it('expected cash, the journal, its replay and the closed day all agree', async () => {
    await m.asMark();
    const mark = clerk(m.counter);
    let dayNo = 0;
    await fc.assert(
      fc.asyncProperty(day, async (d) => {
        dayNo += 1;
        m.clock.set(new Date(Date.parse('2026-11-02T07:00:00.000Z') + dayNo * 86_400_000).toISOString());
        const businessDate = m.clock.iso().slice(0, 10);
        await m.call('day.open', { float: countOf(d.float) });
        let floats = d.float;
        let cash = 0;
        const movesTotal = { paidIn: 0, paidOut: 0, drop: 0 };
        for (const [i, s] of d.sales.entries()) {
          const order = await mark.create([{ productId: s.productId, quantity: s.quantity }]);
          const total = order.totalAmount;
          if (s.how === 'cash') {
            await mark.pay(order.orderId, total);
            cash += rounded(total);
          } else if (s.how === 'pin') {
            const pending = await mark.pay(order.orderId, total, 'pin');
            await mark.paymentStatus(pending.payments[0]!.paymentId, 'SETTLED');
          } else if (s.how === 'several') {
            // Pay part, give some back, pay the rest, then refund everything left: the order is cancelled.
            const first = Math.ceil(total / 2);
            const back = Math.floor(first / 4) || 1;
            await mark.pay(order.orderId, first);
            await mark.refund(order.orderId, back);
            await mark.pay(order.orderId, total - first + back);
            const cancelled = await mark.refund(order.orderId, total);
            expect(statusOf(cancelled)).toBe(STATUS.cancelled);
            cash += rounded(first) - rounded(back) + rounded(total - first + back) - rounded(total);
          }
          const mv = d.moves[i];
          if (mv) {
            await m.call('cash.move', { kind: mv.kind, amount: mv.amount, reason: 'test' });
            movesTotal[mv.kind] += mv.amount;
          }
          m.clock.advance(60_000);
        }
        for (const mv of d.moves.slice(d.sales.length)) {
          await m.call('cash.move', { kind: mv.kind, amount: mv.amount, reason: 'test' });
          movesTotal[mv.kind] += mv.amount;
        }
        const expected = () => floats + cash + movesTotal.paidIn - movesTotal.paidOut - movesTotal.drop;
        let countedBefore = 0;
        // Random drops may take more than the drawer held: such a day is counted at 0, short.
        if (d.secondFloat !== null && expected() >= 0) {
          // Counted blind at exactly what this test expects: no difference, and no note needed.
          const first = await m.call('cash.closeSession', { counted: countOf(expected()), note: '' });
          expect(first.difference).toBe(0);
          countedBefore = expected();
          floats += d.secondFloat;
          m.clock.advance(60_000);
          await m.call('cash.openSession', { float: countOf(d.secondFloat) });
        }
        const last = Math.max(0, expected() - countedBefore);
        const z = await m.call('day.close', { counted: countOf(last), note: 'random' });
        expect(z.cash.expected).toBe(expected());
        expect(z.cash.difference).toBe(countedBefore + last - expected());
        if (expected() >= 0) expect(z.cash.difference).toBe(0);
        const replay = replayDay(m.counter.test.db, businessDate, TZ);
        expect(replay.methods).toEqual(z.methods);
        expect([replay.floats, replay.rounding, replay.paidIn, replay.paidOut, replay.drops]).toEqual([
          z.cash.float,
          z.cash.rounding,
          z.cash.paidIn,
          z.cash.paidOut,
          z.cash.drops,
        ]);
        expect(replay.counted).toBe(z.cash.counted);
        expect(verifyJournal(m.counter.test.db)).toMatchObject({ ok: true });
        expect(await m.refused('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] })).toMatchObject({
          code: 'day.closed',
        });
      }),
      { numRuns: 8, seed: 26 },
    );
  }, 120_000);
});
