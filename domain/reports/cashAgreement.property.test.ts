import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashHandover } from '../order/cashRounding';
import { customerViewOf } from '../receipts/customerView';
import { receiptRows } from '../receipts/layout';
import { receiptOf, type ReceiptOrder } from '../receipts/receipt';
import { CASH, line, order, pay } from '../receipts/testing/orders';
import type { CashMovement } from '../../shared/manager/cash';
import type { Actor } from '../../shared/manager/types';
import { clerkCash } from './clerkCash';
import { daySessionFigures, type SessionFacts } from './drawer';
import { dayReport, movementsOf, type Movement } from './figures';

/**
 * Random days of cash (docs/counter.md §17): exact and rounded sales, paid with notes or exactly,
 * part and full refunds, paid in, paid out and safe drops, sales before the first drawer session
 * and between sessions. The amounts must agree between the receipt, the customer display, the
 * journal's rounding, the clerks' cash, X, Z and each session's blind count. The oracle is this
 * test's own statement of the Dutch rule; counts of exactly the oracle's cash close without a difference.
 */

const TZ = 'Europe/Amsterdam';
const DATE = '2026-11-27';
const START = Date.parse('2026-11-27T06:00:00.000Z');
const ANNA: Actor = { staffId: 'anna', name: 'Anna' };
/** The test's own rounding: the nearest multiple of 5 (a tie cannot happen in whole cents). */
const oracle = (cents: number) => Math.round(cents / 5) * 5;

type Event =
  | { type: 'sale'; exact: number; tender: 'exact' | 'note' }
  | { type: 'refund'; whole: boolean; share: number }
  | { type: 'move'; kind: 'paidIn' | 'paidOut' | 'drop'; amount: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ type: fc.constant('sale' as const), exact: fc.integer({ min: 1, max: 9_999 }), tender: fc.constantFrom('exact' as const, 'note' as const) }),
  fc.record({ type: fc.constant('refund' as const), whole: fc.boolean(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ type: fc.constant('move' as const), kind: fc.constantFrom('paidIn' as const, 'paidOut' as const, 'drop' as const), amount: fc.integer({ min: 1, max: 400 }).map((n) => n * 5) }),
);
const day = fc.record({
  before: fc.array(event, { maxLength: 4 }),
  first: fc.array(event, { maxLength: 6 }),
  between: fc.array(event, { maxLength: 3 }),
  second: fc.array(event, { maxLength: 6 }),
  floats: fc.tuple(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 })).map(([a, b]) => [a * 5, b * 5] as const),
});

const note = (due: number) => [500, 1000, 2000, 5000, 10_000].find((n) => n >= due)!;

describe('cash that agrees everywhere', () => {
  it('receipt, display, journal, clerks’ cash, X, Z and the blind counts agree on every random day', () => {
    fc.assert(
      fc.property(day, (d) => {
        let minute = 0;
        const at = () => new Date(START + ++minute * 60_000).toISOString();
        const orders: ReceiptOrder[] = [];
        const moves: CashMovement[] = [];
        let drawer = 0;
        let sessionId: string | null = null;

        const run = (e: Event) => {
          if (e.type === 'sale') {
            const i = orders.length;
            // The journal records the rounding the one rule decides (electron/core/cash/orderMoney.ts).
            const recorded = cashHandover(e.exact, true).rounding;
            const tendered = e.tender === 'exact' ? oracle(e.exact) : note(oracle(e.exact));
            const sale = pay(`p${i}`, CASH, e.exact, { at: at(), tendered, cashRounding: recorded });
            orders.push({ ...order([line(`fare${i}`, e.exact)], [sale]), orderId: `o${i}` });
            drawer += oracle(e.exact);
            // The receipt, its paper and the display say the same change: what was handed over less the rounded due.
            const shown = orders[i]!;
            const row = receiptOf({ order: shown, kind: { type: 'sale' }, timeZone: TZ, duplicate: false })!.payments[0]!;
            expect(row.change).toBe(tendered - oracle(e.exact));
            expect(customerViewOf(shown, true).change).toBe(tendered - oracle(e.exact));
            const paper = receiptRows(receiptOf({ order: shown, kind: { type: 'sale' }, timeZone: TZ, duplicate: false })!, 'nl');
            expect(paper.some((r) => r.type === 'pair' && r.left.trim() === 'Wisselgeld')).toBe(tendered > oracle(e.exact));
            expect(paper.some((r) => r.type === 'pair' && r.left.trim() === 'Afronding')).toBe(oracle(e.exact) !== e.exact);
          } else if (e.type === 'refund') {
            const target = orders.find((o) => !o.payments.some((p) => p.isRefund));
            if (!target) return;
            const exact = target.payments[0]!.amountDebit;
            const amount = e.whole ? exact : Math.max(1, Math.floor(exact * e.share));
            const back = pay(`r-${target.orderId}`, CASH, amount, { at: at(), isRefund: true, cashRounding: cashHandover(amount, true).rounding });
            const refunded = { ...target, payments: [...target.payments, back] };
            orders[orders.indexOf(target)] = refunded;
            drawer -= oracle(amount);
            const receipt = receiptOf({ order: refunded, kind: { type: 'refund', paymentId: back.paymentId }, timeZone: TZ, duplicate: false })!;
            expect(receipt.givenBack).toBe(oracle(amount));
          } else {
            moves.push({ movementId: `m${moves.length}`, sessionId, kind: e.kind, amount: e.amount, reason: 'r', by: ANNA, at: at() });
            drawer += e.kind === 'paidIn' ? e.amount : -e.amount;
          }
        };

        d.before.forEach(run);
        const first: SessionFacts = { sessionId: 's1', businessDate: DATE, openedAt: at(), openedBy: ANNA, float: d.floats[0], closedAt: null, closedBy: null, counted: null };
        sessionId = 's1';
        drawer += d.floats[0];
        d.first.forEach(run);
        const firstCount = drawer;
        first.closedAt = at();
        sessionId = null;
        drawer = 0;
        d.between.forEach(run);
        const second: SessionFacts = { sessionId: 's2', businessDate: DATE, openedAt: at(), openedBy: ANNA, float: d.floats[1], closedAt: null, closedBy: null, counted: null };
        sessionId = 's2';
        drawer += d.floats[1];
        d.second.forEach(run);

        // The journal's view of the money: each payment with the rounding recorded and who took it.
        const money: Movement[] = orders.flatMap((o) =>
          movementsOf(o).map((m) => ({ ...m, rounding: o.payments.find((p) => p.paymentId === m.paymentId)!.cashRounding ?? 0, takenBy: ANNA })),
        );
        const sessions = daySessionFigures([first, second], money, moves);
        // The first session's blind count of exactly its cash (sales before it included) closes without a difference.
        expect(sessions[0]!.expected).toBe(firstCount);
        expect(sessions[1]!.expected).toBe(drawer);

        const input = {
          businessDate: DATE,
          timeZone: TZ,
          state: 'open' as const,
          openedAt: first.openedAt,
          openedBy: ANNA,
          float: d.floats[0] + d.floats[1],
          closedAt: null,
          closedBy: null,
          note: null,
          counted: null,
          movements: money,
          orders: [],
          reachedCentralAt: null,
          generatedAt: at(),
        };
        const x = dayReport({ ...input, kind: 'X', drawer: { sessions, moves, countedTotal: null } });
        expect(x.cash.expected).toBe(firstCount + drawer);
        const clerks = clerkCash(money, moves, () => true);
        const net = clerks.reduce((t, c) => t + c.net, 0);
        expect(net + d.floats[0] + d.floats[1]).toBe(x.cash.expected);

        // The Z counted session by session, each count the blind count of exactly its cash: no difference.
        const z = dayReport({ ...input, kind: 'Z', state: 'closed', drawer: { sessions, moves, countedTotal: firstCount + drawer } });
        expect(z.cash.difference).toBe(0);
      }),
    );
  });
});
