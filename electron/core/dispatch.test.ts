import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../shared/ipc';
import type { StaffMember } from '../../shared/ipc';
import { addActValues } from './audit';
import { makeDispatch } from './dispatch';
import type { Handlers } from './handlers';

/** The gate's last step, which access.test.ts's real handlers never reach: a handler that throws. */
describe('dispatch', () => {
  afterEach(() => vi.restoreAllMocks());
  const clerk = { role: 'clerk' } as StaffMember;

  it('answers a handler that throws as an internal refusal, and logs the channel and error but not the input', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = {
      'catalog.get': async () => {
        throw new Error('disk on fire');
      },
    } as unknown as Handlers;
    const answer = await makeDispatch(handlers, () => clerk)('catalog.get', {});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal', code: 'request.internal' } });
    expect(log.mock.calls).toEqual([['counter: catalog.get failed: disk on fire']]);
  });

  it('answers a handler that meets a damaged database file as database.damaged (docs/counter.md §18)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = {
      'catalog.get': async () => {
        throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
      },
    } as unknown as Handlers;
    const answer = await makeDispatch(handlers, () => clerk)('catalog.get', {});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal', code: 'database.damaged' } });
  });
});

/** What the gate writes to the audit trail: handlers answered as told, the trail recorded. */
describe('the audit trail of the gate', () => {
  const mark = { staffId: 'mark', name: 'Mark', role: 'manager' } as StaffMember;
  const anna = { staffId: 'anna', name: 'Anna', role: 'clerk' } as StaffMember;
  const ORDER = '00000000-0000-4000-8000-000000000001';
  const ok: IpcResult<unknown> = { ok: true, value: {} };
  const trail = (answer: IpcResult<unknown> | ((channel: string) => IpcResult<unknown>) = ok, caller: StaffMember | null = mark) => {
    const entries: unknown[] = [];
    const answerOf = typeof answer === 'function' ? answer : () => answer;
    const handlers = new Proxy({}, { get: (_target, channel) => async () => answerOf(String(channel)) }) as Handlers;
    return {
      entries,
      dispatch: makeDispatch(
        handlers,
        () => caller,
        (entry) => entries.push(entry),
      ),
    };
  };

  it('records each audited call with the values and note its declaration takes, and the order it concerns', async () => {
    const answers: Record<string, unknown> = {
      'day.close': { businessDate: '2026-10-24' },
      'manager.cancelStale': { cancelled: [ORDER, '00000000-0000-4000-8000-000000000002'], refused: [] },
    };
    const { entries, dispatch } = trail((channel) => ({ ok: true, value: answers[channel] ?? {} }));
    const refund = { paymentMethodId: 41, amountDebit: 275, operatorPaymentReference: 'r-1', reason: 'wrong zone' };
    await dispatch('payments.refund', { orderId: ORDER, refund });
    await dispatch('day.close', { counted: { '500': 2 }, note: 'short by 5' });
    await dispatch('day.close', { counted: {} });
    await dispatch('reports.export', { report: 'summary', format: 'csv', range: { from: '2026-10-24' } });
    await dispatch('manager.cancelStale', { orderIds: [ORDER, '00000000-0000-4000-8000-000000000002'] });
    await dispatch('sync.retry', { orderId: ORDER });
    await dispatch('sync.retry', {});
    await dispatch('orders.cancel', { orderId: ORDER });
    const done = (action: string, orderId: string | null, detail: unknown) => ({ who: mark, action, orderId, outcome: 'done', detail });
    expect(entries).toEqual([
      done('payments.refund', ORDER, { values: { amount: { money: 275 }, method: { method: 41 } }, note: 'wrong zone' }),
      done('day.close', null, { values: { date: { date: '2026-10-24' }, counted: { money: 1000 } }, note: 'short by 5' }),
      done('day.close', null, { values: { date: { date: '2026-10-24' }, counted: { money: 0 } } }),
      done('reports.export', null, { values: { report: { en: 'the summary', nl: 'het overzicht' }, format: { text: 'CSV' } } }),
      done('manager.cancelStale', null, { values: { count: { count: 2 } } }),
      done('sync.retry', ORDER, { values: { which: { en: 'this order', nl: 'deze bestelling' } } }),
      done('sync.retry', null, { values: { which: { en: 'every order set aside', nl: 'alle apart gezette bestellingen' } } }),
      done('orders.cancel', ORDER, null),
    ]);
  });

  it('records a refused audited call with the refusal’s code, and leaves calls that are not audited out', async () => {
    const { entries, dispatch } = trail({
      ok: false,
      error: { kind: 'conflict', code: 'day.closed', message: 'closed' },
    } as IpcResult<unknown>);
    await dispatch('sync.retry', { orderId: ORDER });
    await dispatch('catalog.get', {});
    expect(entries).toEqual([{ who: mark, action: 'sync.retry', orderId: ORDER, outcome: 'refused', detail: { refused: 'day.closed' } }]);
  });

  it('records a manager’s call refused to a clerk, with the order named in the input, cut to 100 characters; a clerk’s call refused to nobody is not recorded', async () => {
    const { entries, dispatch } = trail(ok, anna);
    expect(await dispatch('sync.retry', { orderId: 'x'.repeat(150) })).toMatchObject({ ok: false, error: { code: 'session.managerOnly' } });
    await dispatch('day.close', { orderId: 7 });
    expect(entries).toEqual([
      { who: anna, action: 'sync.retry', orderId: 'x'.repeat(100), outcome: 'refused', detail: { refused: 'session.managerOnly' } },
      { who: anna, action: 'day.close', orderId: null, outcome: 'refused', detail: { refused: 'session.managerOnly' } },
    ]);
    const nobody = trail(ok, null);
    expect(await nobody.dispatch('catalog.get', {})).toMatchObject({ ok: false, error: { code: 'session.required' } });
    expect(nobody.entries).toEqual([]);
  });

  it('records no refusal for a manager’s read with nobody logged in (the page refreshing a list as a manager logs out), but a change', async () => {
    const nobody = trail(ok, null);
    expect(await nobody.dispatch('manager.staleConcepts', {})).toMatchObject({ ok: false, error: { code: 'session.required' } });
    expect(nobody.entries).toEqual([]);
    await nobody.dispatch('day.close', {});
    expect(nobody.entries).toEqual([
      { who: null, action: 'day.close', orderId: null, outcome: 'refused', detail: { refused: 'session.managerOnly' } },
    ]);
  });

  it('records a manager’s read refused to a clerk too; a clerk’s change refused to nobody is not recorded', async () => {
    const { entries, dispatch } = trail(ok, anna);
    expect(await dispatch('manager.staleConcepts', {})).toMatchObject({ ok: false, error: { code: 'session.managerOnly' } });
    expect(entries).toEqual([
      { who: anna, action: 'manager.staleConcepts', orderId: null, outcome: 'refused', detail: { refused: 'session.managerOnly' } },
    ]);
    const nobody = trail(ok, null);
    expect(await nobody.dispatch('display.show', { orderId: null })).toMatchObject({ ok: false, error: { code: 'session.required' } });
    expect(nobody.entries).toEqual([]);
  });

  it('adds the values only the handler knows to those its declaration takes (a return’s items and approver)', async () => {
    const entries: unknown[] = [];
    const handlers = {
      'returns.refund': async () => {
        addActValues({ items: { text: '1 × Dagkaart' }, approver: { text: 'Mark' } });
        return ok;
      },
    } as unknown as Handlers;
    const dispatch = makeDispatch(
      handlers,
      () => anna,
      (entry) => entries.push(entry),
    );
    const refund = { paymentMethodId: 1, amountDebit: 750, operatorPaymentReference: 'r-2', reason: 'not travelled' };
    const lines = [{ orderLineId: '00000000-0000-4000-8000-000000000009', quantity: 1 }];
    expect(await dispatch('returns.refund', { orderId: ORDER, refund: { ...refund, lines } })).toEqual(ok);
    expect(entries).toEqual([
      {
        who: anna,
        action: 'returns.refund',
        orderId: ORDER,
        outcome: 'done',
        detail: {
          values: { amount: { money: 750 }, method: { method: 1 }, items: { text: '1 × Dagkaart' }, approver: { text: 'Mark' } },
          note: 'not travelled',
        },
      },
    ]);
  });

  it('keeps a refusal’s parameters, so the trail fills its sentence', async () => {
    const { entries, dispatch } = trail({
      ok: false,
      error: { kind: 'conflict', code: 'day.alreadyClosed', params: { businessDate: '2026-10-24' }, message: 'closed', errors: [] },
    } as IpcResult<unknown>);
    await dispatch('sync.retry', {});
    expect(entries).toEqual([
      expect.objectContaining({ detail: { refused: 'day.alreadyClosed', params: { businessDate: '2026-10-24' } } }),
    ]);
  });

  it('names an unknown channel in its refusal, cut to 60 characters', async () => {
    const { dispatch } = trail();
    expect(await dispatch('y'.repeat(80), {})).toMatchObject({
      ok: false,
      error: { code: 'request.unknownChannel', params: { channel: 'y'.repeat(60) } },
    });
  });
});
