import { beforeEach, describe, expect, it } from 'vitest';
import { countingIds, testClock, type TestClock } from '../testing/clock';
import { factTables } from '../testing/managerFacts';
import type { IpcResult } from '../../../shared/ipc';
import { DrawerDays } from './days';

/**
 * The drawer's days on an in-memory counter database, a frozen clock (Amsterdam: the
 * 24th of October 2026 runs from 22:00 UTC the day before) and counting ids.
 */

const TZ = 'Europe/Amsterdam';
const mark = { staffId: 'mark', name: 'Mark Jansen' };
const anna = { staffId: 'anna', name: 'Anna de Vries' };
let clock: TestClock;
let facts: ReturnType<typeof factTables>;
let days: DrawerDays;

beforeEach(() => {
  clock = testClock('2026-10-24T08:00:00.000Z');
  facts = factTables();
  days = new DrawerDays(facts.db, TZ, clock, countingIds('da7da7da'));
});

/** The value of an answer that must have been given. */
function valueOf<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}
const outbox = () => facts.db.prepare('SELECT close_id AS closeId, created_at AS createdAt FROM day_close_outbox').all();

describe('the business day', () => {
  it('is the local date: 23:59 and 00:00 in Amsterdam fall on two days', () => {
    clock.set('2026-10-24T21:59:59.999Z');
    expect(days.today()).toBe('2026-10-24');
    clock.set('2026-10-24T22:00:00.000Z');
    expect(days.today()).toBe('2026-10-25');
  });

  it('a day never opened has no float, no opener and no closer', () => {
    expect(days.status()).toEqual({
      businessDate: '2026-10-24',
      timeZone: TZ,
      state: 'notOpened',
      openedAt: null,
      openedBy: null,
      float: null,
      closedAt: null,
      closedBy: null,
      staleConcepts: 0,
    });
    expect(days.closedToday()).toBeNull();
  });

  it('counts as stale the concept and awaiting-payment orders made before today began, not those of today or further on', () => {
    facts.fact({ orderId: 'concept', createdOn: '2026-10-23T21:59:59.999Z', statusId: 1 });
    facts.fact({ orderId: 'awaiting', createdOn: '2026-10-20T10:00:00.000Z', statusId: 2 });
    facts.fact({ orderId: 'pending', createdOn: '2026-10-20T10:00:00.000Z', statusId: 3 });
    facts.fact({ orderId: 'today', createdOn: '2026-10-23T22:00:00.000Z', statusId: 1 });
    expect(days.status().staleConcepts).toBe(2);
  });
});

describe('day rows written elsewhere', () => {
  it('a row with neither an opening nor a close is a day not opened; a staff member without a name has an empty one', () => {
    facts.db.prepare("INSERT INTO drawer_days (business_date, time_zone) VALUES ('2026-10-24', ?)").run(TZ);
    expect(days.status()).toMatchObject({ state: 'notOpened', float: null });
    facts.db
      .prepare("UPDATE drawer_days SET opened_at = '2026-10-24T07:00:00.000Z', opened_by_id = 'mark' WHERE business_date = '2026-10-24'")
      .run();
    expect(days.status()).toMatchObject({ state: 'open', openedBy: { staffId: 'mark', name: '' } });
  });
});

describe('opening', () => {
  it('records the float counted, who and when, once', () => {
    const opened = days.open({ '5000': 1, '1000': 5, '5': 2 }, mark);
    expect(opened.ok && opened.value).toEqual({
      businessDate: '2026-10-24',
      timeZone: TZ,
      state: 'open',
      openedAt: '2026-10-24T08:00:00.000Z',
      openedBy: mark,
      float: 10010,
      closedAt: null,
      closedBy: null,
      staleConcepts: 0,
    });
    clock.advance(60_000);
    expect(days.open({}, anna)).toMatchObject({ ok: false, error: { code: 'day.alreadyOpen', params: { businessDate: '2026-10-24' } } });
    expect(days.status()).toMatchObject({ openedBy: mark, float: 10010, openedAt: '2026-10-24T08:00:00.000Z' });
  });

  it('an opened day with an empty float has a float of 0, not none', () => {
    days.open({}, mark);
    expect(days.status()).toMatchObject({ state: 'open', float: 0 });
  });

  it('is refused for a day already closed', () => {
    days.close({}, '', mark);
    expect(days.open({ '100': 1 }, mark)).toMatchObject({
      ok: false,
      error: { code: 'day.closed', params: { businessDate: '2026-10-24' } },
    });
    expect(days.status()).toMatchObject({ state: 'closed', openedAt: null, float: null });
  });
});

describe('the X report', () => {
  it('has the float, the settled money and the orders of the day so far, uncounted', () => {
    days.open({ '1000': 1 }, mark);
    facts.fact({ orderId: 'o1', createdOn: '2026-10-24T07:00:00.000Z', statusId: 4 });
    facts.fact({ orderId: 'o0', createdOn: '2026-10-23T21:00:00.000Z', statusId: 4 });
    facts.money({ paymentId: 'p1', orderId: 'o1', amount: 340 });
    facts.money({ paymentId: 'p2', orderId: 'o1', amount: 640, state: 'FAILED' });
    clock.advance(1000);
    const x = days.xReport();
    expect(x).toMatchObject({
      kind: 'X',
      state: 'open',
      openedBy: mark,
      openedAt: '2026-10-24T08:00:00.000Z',
      closedAt: null,
      closedBy: null,
      note: null,
      cash: { float: 1000, expected: 1340, counted: null, difference: null },
      orders: { count: 1 },
      failedPayments: 1,
      generatedAt: '2026-10-24T08:00:01.000Z',
      reachedCentralAt: null,
    });
  });

  it('of a day never opened counts from a float of 0', () => {
    expect(days.xReport()).toMatchObject({ state: 'notOpened', openedBy: null, cash: { float: 0, expected: 0 } });
  });
});

describe('closing', () => {
  it('freezes the Z report with the count, the closer and the note, queues it once, and refuses a second close', () => {
    days.open({ '1000': 1 }, anna);
    facts.fact({ orderId: 'o1', createdOn: '2026-10-24T07:00:00.000Z', statusId: 4 });
    facts.money({ paymentId: 'p1', orderId: 'o1', amount: 340 });
    clock.advance(3_600_000);
    const z = valueOf(days.close({ '1000': 1, '200': 1, '100': 1, '20': 2 }, 'counted twice', mark));
    expect(z).toMatchObject({
      kind: 'Z',
      state: 'closed',
      openedBy: anna,
      closedAt: '2026-10-24T09:00:00.000Z',
      closedBy: mark,
      note: 'counted twice',
      cash: { float: 1000, expected: 1340, counted: 1340, difference: 0 },
    });
    expect(days.closedToday()).toBe('2026-10-24');
    // The first id went to the day's first drawer session, the second to the close.
    expect(outbox()).toEqual([{ closeId: 'da7da7da-0000-4000-8000-000000000002', createdAt: '2026-10-24T09:00:00.000Z' }]);
    expect(days.status()).toMatchObject({ state: 'closed', closedAt: '2026-10-24T09:00:00.000Z', closedBy: mark, openedBy: anna });
    expect(days.zReport('2026-10-24')).toEqual({ ok: true, value: { ...z, reachedCentralAt: null } });

    expect(days.close({}, 'again', mark)).toMatchObject({
      ok: false,
      error: { code: 'day.alreadyClosed', params: { businessDate: '2026-10-24' } },
    });
    expect(outbox()).toHaveLength(1);
  });

  it('needs a note when the count differs, by a cent either way; a blank note is none; nothing is stored when refused', () => {
    days.open({ '100': 1 }, mark);
    expect(days.close({ '100': 1, '1': 1 }, '', mark)).toMatchObject({
      ok: false,
      error: { code: 'day.noteRequired', params: { difference: 1 } },
    });
    expect(days.close({ '50': 1, '20': 2, '5': 1, '2': 2 }, ' \n ', mark)).toMatchObject({
      ok: false,
      error: { code: 'day.noteRequired', params: { difference: -1 } },
    });
    expect(outbox()).toEqual([]);
    expect(days.closedToday()).toBeNull();
    expect(days.close({ '100': 1, '1': 1 }, 'a cent over', mark)).toMatchObject({
      ok: true,
      value: { cash: { difference: 1 }, note: 'a cent over' },
    });
  });

  it('an exact count needs no note, and an empty note is stored as none', () => {
    days.open({ '100': 1 }, mark);
    const z = days.close({ '100': 1 }, '', mark);
    expect(z).toMatchObject({ ok: true, value: { note: null, cash: { difference: 0 } } });
  });

  it('closes a day that was never opened, from a float of 0', () => {
    expect(days.close({}, '', mark)).toMatchObject({
      ok: true,
      value: { kind: 'Z', openedAt: null, cash: { float: 0, expected: 0, counted: 0 } },
    });
  });
});

describe('closed days', () => {
  it('a reprint of a day not closed is refused as unknown, an opened one too', () => {
    expect(days.zReport('2026-10-23')).toMatchObject({ ok: false, error: { code: 'day.unknown', params: { businessDate: '2026-10-23' } } });
    days.open({}, mark);
    expect(days.zReport('2026-10-24')).toMatchObject({ ok: false, error: { code: 'day.unknown', params: { businessDate: '2026-10-24' } } });
  });

  it('lists closed days newest first, before a date (not on it), up to a limit, with their figures', () => {
    const closeOn = (iso: string, counted: Record<string, number>, note: string) => {
      clock.set(iso);
      days.open({ '1000': 1 }, mark);
      return days.close(counted, note, mark);
    };
    facts.fact({ orderId: 'o1', createdOn: '2026-10-21T09:00:00.000Z', statusId: 4 });
    facts.money({ paymentId: 'cash', orderId: 'o1', amount: 340, createdOn: '2026-10-21T09:00:00.000Z' });
    facts.money({
      paymentId: 'pin',
      orderId: 'o1',
      amount: 640,
      createdOn: '2026-10-21T09:00:00.000Z',
      paymentMethodId: 2,
      provider: 'pin',
    });
    closeOn('2026-10-21T17:00:00.000Z', { '1000': 1, '200': 1, '100': 1, '20': 2 }, '');
    closeOn('2026-10-22T17:00:00.000Z', { '1000': 1 }, '');
    closeOn('2026-10-23T17:00:00.000Z', { '500': 1 }, 'short');
    days.open({}, mark);
    facts.db.prepare("UPDATE drawer_days SET reached_central_at = '2026-10-22T18:00:00.000Z' WHERE business_date = '2026-10-21'").run();

    expect(days.list(undefined, 10).map((d) => d.businessDate)).toEqual(['2026-10-23', '2026-10-22', '2026-10-21']);
    expect(days.list('2026-10-23', 10).map((d) => d.businessDate)).toEqual(['2026-10-22', '2026-10-21']);
    expect(days.list(undefined, 1).map((d) => d.businessDate)).toEqual(['2026-10-23']);
    expect(days.list(undefined, 10)).toEqual([
      {
        businessDate: '2026-10-23',
        closedAt: '2026-10-23T17:00:00.000Z',
        closedBy: mark,
        expectedCash: 1000,
        countedCash: 500,
        difference: -500,
        net: 0,
        reachedCentralAt: null,
      },
      expect.objectContaining({ businessDate: '2026-10-22', difference: 0 }),
      {
        businessDate: '2026-10-21',
        closedAt: '2026-10-21T17:00:00.000Z',
        closedBy: mark,
        expectedCash: 1340,
        countedCash: 1340,
        difference: 0,
        net: 980,
        reachedCentralAt: '2026-10-22T18:00:00.000Z',
      },
    ]);
  });
});
