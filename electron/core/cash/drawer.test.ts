import { describe, expect, it, vi } from 'vitest';
import type { SessionFigures } from '../../../shared/manager/cash';
import { clerk } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { verifyJournal } from './journal';

/**
 * docs/api.md §10.2 at the counter: two drawer sessions, paid in and out, a safe drop, a "no
 * sale" that opens the drawer, a rounded cash sale and blind counts; the Z over the sessions.
 */

const m = managerCounter('2026-11-27T08:00:00.000Z');
const later = (minutes: number) => m.clock.advance(minutes * 60_000);

describe('the drawer’s sessions and cash movements', () => {
  it('a day of two sessions: each expected as float + rounded cash + paid in − paid out − drops, the Z their sum', async () => {
    await m.asMark();
    // The drawer itself is the printer's (electron/core/devices, tested against a fake ESC/POS printer).
    const openDrawer = vi.spyOn(m.counter.test.devices, 'openDrawer');
    const mark = clerk(m.counter);
    await m.call('day.open', { float: { '5000': 2 } }); // session 1: €100.00
    const opened = await m.call('cash.drawer', {});
    // Blind: an open session shows no expected amount.
    expect(opened.session).toEqual({
      sessionId: expect.any(String),
      businessDate: '2026-11-27',
      openedAt: '2026-11-27T08:00:00.000Z',
      openedBy: { staffId: 'mark', name: expect.any(String) },
      float: 10000,
    });
    later(10);
    const fare = await mark.create([{ productId: 602, quantity: 1 }]); // €4.63, handed over as €4.65
    await mark.pay(fare.orderId, 463);
    await m.call('cash.move', { kind: 'paidIn', amount: 2000, reason: 'change from the bank' });
    await m.call('cash.move', { kind: 'paidOut', amount: 750, reason: 'window cleaner' });
    await m.call('cash.move', { kind: 'drop', amount: 5000, reason: 'to the safe' });
    later(10);
    // Expected: 10000 + 465 + 2000 − 750 − 5000 = 6715, counted blind as 6715.
    const first = (await m.call('cash.closeSession', {
      counted: { '5000': 1, '1000': 1, '500': 1, '200': 1, '10': 1, '5': 1 },
    })) as SessionFigures;
    expect(first).toMatchObject({
      float: 10000,
      cashSales: 465,
      rounding: 2,
      paidIn: 2000,
      paidOut: 750,
      drops: 5000,
      expected: 6715,
      counted: 6715,
      difference: 0,
    });

    later(5);
    await m.call('cash.openSession', { float: { '5000': 1, '1000': 1, '500': 1, '200': 1, '10': 1, '5': 1 } });
    expect(await m.refused('cash.openSession', { float: {} })).toMatchObject({ code: 'cash.sessionOpen' });
    const second = await mark.create([{ productId: 602, quantity: 2 }]); // €9.26, handed over as €9.25
    await mark.pay(second.orderId, 926);
    await m.call('cash.noSale', { reason: 'customer change' });
    later(60);
    // Day: floats 10000 + 6715, cash 465 + 925, paid in 2000, paid out 750, drops 5000 → 14355.
    // Session 2 expects 6715 + 925 = 7640 and is counted 5 cents short (7635).
    const z = await m.call('day.close', {
      counted: { '5000': 1, '2000': 1, '500': 1, '100': 1, '20': 1, '10': 1, '5': 1 },
      note: 'five cents short',
    });
    expect(z.cash).toMatchObject({ float: 16715, expected: 14355, rounding: 1, paidIn: 2000, paidOut: 750, drops: 5000, noSales: 1 });
    expect(z.cash.counted).toBe(6715 + 7635);
    expect(z.cash.difference).toBe(-5);
    expect(z.sessions?.map((s) => [s.expected, s.counted])).toEqual([
      [6715, 6715],
      [7640, 7635],
    ]);
    expect(z.cashMovements?.map((c) => [c.kind, c.amount])).toEqual([
      ['paidIn', 2000],
      ['paidOut', 750],
      ['drop', 5000],
      ['noSale', 0],
    ]);
    expect(openDrawer).toHaveBeenCalledTimes(1);
    expect(verifyJournal(m.counter.test.db)).toMatchObject({ ok: true });
  });
});
