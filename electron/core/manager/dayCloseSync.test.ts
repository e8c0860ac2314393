import { beforeEach, describe, expect, it } from 'vitest';
import type { CentralAnswer, CentralRequests } from '../central/centralClient';
import { countingIds, testClock } from '../testing/clock';
import { factTables } from '../testing/managerFacts';
import { closureBody, pushDayClosures } from './dayCloseSync';
import { DrawerDays } from './days';

/**
 * Sending queued day closes, against a central that answers as each test says: what is sent,
 * what is kept queued, and when sending stops. The days are closed on an in-memory database.
 */

const mark = { staffId: 'mark', name: 'Mark Jansen' };
let facts: ReturnType<typeof factTables>;
let days: DrawerDays;
const clock = testClock('2026-10-21T17:00:00.000Z');
beforeEach(() => {
  clock.set('2026-10-21T17:00:00.000Z');
  facts = factTables();
  days = new DrawerDays(facts.db, 'Europe/Amsterdam', clock, countingIds('c1c1c1c1'));
});

const closeDay = (iso: string) => {
  clock.set(iso);
  days.open({ '1000': 1 }, mark);
  const closed = days.close({ '1000': 1, '5': 1 }, 'five cents over', mark);
  if (!closed.ok) throw new Error(closed.error.code);
  return closed.value;
};
/** Each day takes two ids: its first drawer session's, then its close's. */
const closeId = (n: number) => `c1c1c1c1-0000-4000-8000-00000000000${2 * n}`;

/** A central answering from a list, one answer per request, recording what it was sent. */
function central(answers: CentralAnswer<unknown>[]) {
  const sent: { method: string; url: string; body: { closeId: string; journalHeadHash?: string } }[] = [];
  const client = {
    orderBase: 'http://central/api/2.0',
    request: async (method: string, url: string, _schema: unknown, body: { closeId: string; journalHeadHash?: string }) => {
      sent.push({ method, url, body });
      return answers.shift() ?? { kind: 'ok', status: 201, value: {} };
    },
  } as unknown as CentralRequests;
  return { client, sent };
}
const queue = () =>
  facts.db.prepare('SELECT close_id AS closeId, attempts, last_error AS lastError FROM day_close_outbox ORDER BY created_at').all();
const reached = () =>
  facts.db.prepare('SELECT business_date AS day, reached_central_at AS at FROM drawer_days ORDER BY business_date').all() as {
    day: string;
    at: string | null;
  }[];
const push = (client: CentralRequests) => pushDayClosures(facts.db, client, 'device-1', () => '2026-10-24T12:00:00.000Z');

describe('the closure sent', () => {
  it('carries the Z report’s figures, the close id and the device', () => {
    const z = closeDay('2026-10-21T17:00:00.000Z');
    expect(closureBody('close-1', 'device-1', z)).toEqual({
      closeId: 'close-1',
      deviceId: 'device-1',
      businessDate: '2026-10-21',
      timeZone: 'Europe/Amsterdam',
      openedAt: '2026-10-21T17:00:00.000Z',
      closedAt: '2026-10-21T17:00:00.000Z',
      closedBy: mark,
      note: 'five cents over',
      methods: [],
      cash: { float: 1000, expected: 1000, counted: 1005, difference: 5, countedByDenomination: { '1000': 1, '5': 1 } },
      orderCount: 0,
      failedPayments: 0,
      cashMovements: [],
      sessions: [
        {
          sessionId: 'c1c1c1c1-0000-4000-8000-000000000001',
          openedAt: '2026-10-21T17:00:00.000Z',
          openedBy: mark,
          closedAt: '2026-10-21T17:00:00.000Z',
          closedBy: mark,
          float: 1000,
          expected: 1000,
          counted: 1005,
          difference: 5,
        },
      ],
    });
  });

  it('an uncounted report is sent with zeros and no denominations', () => {
    const z = closeDay('2026-10-21T17:00:00.000Z');
    const uncounted = { ...z, cash: { ...z.cash, counted: null, difference: null, countedByDenomination: null } };
    expect(closureBody('c', 'd', uncounted).cash).toEqual({
      float: 1000,
      expected: 1000,
      counted: 0,
      difference: 0,
      countedByDenomination: {},
    });
  });
});

describe('sending queued closes', () => {
  it('sends them oldest first to the central’s dayclosures, and marks each one the central took', async () => {
    closeDay('2026-10-21T17:00:00.000Z');
    closeDay('2026-10-22T17:00:00.000Z');
    const { client, sent } = central([]);
    expect(await push(client)).toBe(2);
    expect(sent.map((s) => [s.method, s.url, s.body.closeId])).toEqual([
      ['POST', 'http://central/api/2.0/dayclosures', closeId(1)],
      ['POST', 'http://central/api/2.0/dayclosures', closeId(2)],
    ]);
    // Each carries the counter's journal head as its close left it (docs/api.md §10.3).
    expect(sent.map((s) => s.body.journalHeadHash)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(sent[0]!.body.journalHeadHash).not.toBe(sent[1]!.body.journalHeadHash);
    expect(queue()).toEqual([]);
    expect(reached()).toEqual([
      { day: '2026-10-21', at: '2026-10-24T12:00:00.000Z' },
      { day: '2026-10-22', at: '2026-10-24T12:00:00.000Z' },
    ]);
  });

  it('stops at the first send without an answer, keeping it and what follows queued as they were', async () => {
    closeDay('2026-10-21T17:00:00.000Z');
    closeDay('2026-10-22T17:00:00.000Z');
    const { client, sent } = central([{ kind: 'unknown', reason: 'reset' }]);
    expect(await push(client)).toBe(0);
    expect(sent).toHaveLength(1);
    expect(queue()).toEqual([
      { closeId: closeId(1), attempts: 0, lastError: null },
      { closeId: closeId(2), attempts: 0, lastError: null },
    ]);
    expect(reached().map((r) => r.at)).toEqual([null, null]);
  });

  it('keeps a refused close queued with why, and stops there', async () => {
    closeDay('2026-10-21T17:00:00.000Z');
    closeDay('2026-10-22T17:00:00.000Z');
    const refused = (title?: string): CentralAnswer<unknown> => ({ kind: 'refused', status: 403, problem: { title } as never });
    const first = central([refused('Forbidden')]);
    expect(await push(first.client)).toBe(0);
    expect(first.sent).toHaveLength(1);
    expect(queue()).toEqual([
      { closeId: closeId(1), attempts: 1, lastError: 'Forbidden' },
      { closeId: closeId(2), attempts: 0, lastError: null },
    ]);
    const second = central([refused(undefined)]);
    await push(second.client);
    expect(queue()[0]).toEqual({ closeId: closeId(1), attempts: 2, lastError: '403' });
    expect(reached().map((r) => r.at)).toEqual([null, null]);
  });

  it('after one taken, counts it and goes on until one is not answered', async () => {
    closeDay('2026-10-21T17:00:00.000Z');
    closeDay('2026-10-22T17:00:00.000Z');
    closeDay('2026-10-23T17:00:00.000Z');
    const { client, sent } = central([
      { kind: 'ok', status: 200, value: {} },
      { kind: 'unknown', reason: 'timeout' },
    ]);
    expect(await push(client)).toBe(1);
    expect(sent).toHaveLength(2);
    expect(queue().map((q) => (q as { closeId: string }).closeId)).toEqual([closeId(2), closeId(3)]);
  });
});
