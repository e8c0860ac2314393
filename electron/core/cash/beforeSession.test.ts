import { describe, expect, it } from 'vitest';
import type { SessionFigures } from '../../../shared/manager/cash';
import { clerk } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';

/**
 * docs/counter.md §17, "Cash before the first session": cash sold before the drawer's first
 * session counts into that session, so the X, the open session and its blind count agree.
 */

const m = managerCounter('2026-11-27T07:00:00.000Z');
const later = (minutes: number) => m.clock.advance(minutes * 60_000);

describe('cash sold before the drawer’s first session', () => {
  it('counts into the first session: X and the blind count agree, and a correct count closes it without a difference', async () => {
    await m.asMark();
    const mark = clerk(m.counter);
    const fare = await mark.create([{ productId: 602, quantity: 1 }]); // €4.63, handed over as €4.65
    await mark.pay(fare.orderId, 463);
    later(10);
    await m.call('cash.openSession', { float: { '5000': 2 } }); // €100.00
    later(10);
    await m.call('cash.move', { kind: 'paidIn', amount: 1000, reason: 'change from the bank' });
    const x = await m.call('day.xReport', {});
    // 10000 + 465 + 1000: the day's X and its open session expect the same.
    expect(x.cash.expected).toBe(11_465);
    expect(x.sessions?.map((s) => [s.cashSales, s.rounding, s.expected])).toEqual([[465, 2, 11_465]]);
    later(10);
    const closed = (await m.call('cash.closeSession', {
      counted: { '10000': 1, '1000': 1, '200': 2, '50': 1, '10': 1, '5': 1 },
    })) as SessionFigures;
    expect(closed).toMatchObject({ expected: 11_465, counted: 11_465, difference: 0 });
  });
});
