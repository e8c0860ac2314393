import { describe, expect, it } from 'vitest';
import { reportSummary, type OrderFact } from './figures';

/** docs/counter.md §19: the day's product figures say how many of what was sold came back. */

const fact = (orderId: string, statusId: number, lines: OrderFact['lines']): OrderFact => ({
  orderId,
  orderNumber: orderId,
  createdOn: '2026-11-27T10:00:00.000Z',
  statusId,
  totalAmount: lines.reduce((t, l) => t + l.amount, 0),
  clerk: null,
  lines,
});

describe('returned quantities in the product figures', () => {
  it('adds up what was returned per product, and leaves a product without returns as it was', () => {
    const summary = reportSummary({
      first: '2026-11-27',
      last: '2026-11-27',
      timeZone: 'Europe/Amsterdam',
      orders: [
        fact('a', 4, [
          { productId: 600, productName: 'Enkele reis stad', quantity: 3, amount: 1020, returned: 2 },
          { productId: 601, productName: 'Retour stad', quantity: 1, amount: 640 },
        ]),
        fact('b', 5, [{ productId: 600, productName: 'Enkele reis stad', quantity: 1, amount: 340, returned: 1 }]),
      ],
      movements: [],
      refused: [],
    });
    expect(summary.byProduct).toEqual([
      { id: '600', name: 'Enkele reis stad', count: 4, amount: 1360, returned: 3 },
      { id: '601', name: 'Retour stad', count: 1, amount: 640 },
    ]);
  });
});
