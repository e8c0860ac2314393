import { describe, expect, it } from 'vitest';
import { managerCounter } from '../testing/managerCounter';

/**
 * docs/counter.md §17: the drawer lists the day's counted sessions with their figures (an open
 * one's expected amount stays blind), and a clerk reads whether today is closed (cash.today).
 */

const m = managerCounter('2026-11-27T08:00:00.000Z');

describe('the drawer’s day as the screens read it', () => {
  it('lists counted sessions with their figures; tells a clerk the day is closed', async () => {
    await m.asMark();
    await m.call('day.open', { float: { '5000': 2 } });
    await m.call('cash.move', { kind: 'paidIn', amount: 2000, reason: 'change from the bank' });
    m.clock.advance(60_000);
    await m.call('cash.closeSession', { counted: { '10000': 1, '2000': 1 }, note: '' });
    m.clock.advance(60_000);
    await m.call('cash.openSession', { float: { '5000': 1 } });
    const drawer = await m.call('cash.drawer', {});
    expect(drawer.closedSessions.map((s) => [s.float, s.paidIn, s.expected, s.counted, s.difference])).toEqual([
      [10000, 2000, 12000, 12000, 0],
    ]);
    expect(drawer.session).not.toHaveProperty('expected');
    expect(drawer.session?.float).toBe(5000);

    await m.asAnna();
    expect(await m.call('cash.today', {})).toEqual({ businessDate: '2026-11-27', closed: false });
    // Only a manager closes; Anna then reads the day closed.
    await m.asMark();
    await m.call('day.close', { counted: { '5000': 1 }, note: '' });
    await m.asAnna();
    expect(await m.call('cash.today', {})).toEqual({ businessDate: '2026-11-27', closed: true });
    // The clock set back a day still lands in the closed day.
    m.clock.advance(-24 * 60 * 60_000);
    expect(await m.call('cash.today', {})).toEqual({ businessDate: '2026-11-27', closed: true });
  });

  it('moves to the next day at local midnight, and back with a clock set back', async () => {
    await m.asAnna();
    const today = () => m.call('cash.today', {});
    expect(await today()).toEqual({ businessDate: '2026-11-27', closed: false });
    // 22:59 UTC is 23:59 in Amsterdam: still the 27th; a minute on, the 28th.
    m.clock.advance(14 * 60 * 60_000 + 59 * 60_000);
    expect(await today()).toEqual({ businessDate: '2026-11-27', closed: false });
    m.clock.advance(60_000);
    expect(await today()).toEqual({ businessDate: '2026-11-28', closed: false });
    m.clock.advance(-60_000);
    expect(await today()).toEqual({ businessDate: '2026-11-27', closed: false });
  });
});
