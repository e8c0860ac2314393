import { describe, expect, it, vi } from 'vitest';
import { managerCounter } from '../testing/managerCounter';

/**
 * docs/api.md §10.2: each of the drawer's acts is refused on a closed day and leaves no trace,
 * each by a test of its own, so that taking the refusal away from any one act fails here.
 */

const m = managerCounter('2026-11-27T09:00:00.000Z');

const count = (table: string) => (m.counter.test.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const traces = () => ({
  journal: count('money_journal'),
  sessions: count('drawer_sessions'),
  movements: count('cash_movements'),
});

/** A day opened and closed at Z, the clock still on that day. */
async function closedDay() {
  await m.asMark();
  await m.call('day.open', { float: { '1000': 1 } });
  await m.call('day.close', { counted: { '1000': 1 }, note: '' });
  return traces();
}

async function expectRefused(channel: string, input: unknown) {
  const before = await closedDay();
  expect(await m.refused(channel, input)).toMatchObject({ kind: 'conflict', code: 'day.closed', params: { businessDate: '2026-11-27' } });
  expect(traces()).toEqual(before);
}

describe('a closed day refuses the drawer’s acts', () => {
  it('opening a drawer session', async () => {
    await expectRefused('cash.openSession', { float: { '1000': 1 } });
    expect((await m.call('cash.drawer', {})).session).toBeNull();
  });

  it('paid in', async () => {
    await expectRefused('cash.move', { kind: 'paidIn', amount: 2000, reason: 'change from the bank' });
  });

  it('paid out', async () => {
    await expectRefused('cash.move', { kind: 'paidOut', amount: 750, reason: 'window cleaner' });
  });

  it('a safe drop', async () => {
    await expectRefused('cash.move', { kind: 'drop', amount: 500, reason: 'to the safe' });
  });

  it('no sale, and the drawer stays shut', async () => {
    const openDrawer = vi.spyOn(m.counter.test.devices, 'openDrawer');
    await expectRefused('cash.noSale', { reason: 'customer change' });
    expect(openDrawer).not.toHaveBeenCalled();
  });
});
