import { describe, expect, it } from 'vitest';
import { AUDITED, CHANNEL_ACCESS, channels, type Channel, type CounterApi, type HandlersOf } from '../../shared/ipc';
import type { saleChannels } from '../../shared/ipc/sale';
import { ok } from '../../shared/refusals';

/**
 * The IPC contract is checked by the compiler (docs/counter.md §9): the functions below
 * are never called; `npm run typecheck` fails if any line marked @ts-expect-error compiles.
 */
type SaleHandlers = HandlersOf<typeof saleChannels>;

export function compileTimeChecks(sale: SaleHandlers, api: CounterApi) {
  const { 'orders.get': _dropped, ...rest } = sale;
  // @ts-expect-error -- every declared channel of an area needs its handler
  const missing: SaleHandlers = rest;
  const undeclared: SaleHandlers = {
    ...sale,
    // @ts-expect-error -- a handler for a channel that no declaration names
    'orders.drop': async () => ok(true as const),
  };
  const wrongAnswer: SaleHandlers = {
    ...sale,
    // @ts-expect-error -- a handler answers its declaration's type
    'orders.get': async () => ok({ orderId: 'not a CounterOrder' }),
  };
  // @ts-expect-error -- the renderer cannot call a channel that no declaration names
  void api.invoke('orders.drop', {});
  // @ts-expect-error -- an input that does not fit the channel's schema
  void api.invoke('orders.get', { id: 'x' });
  return [missing, undeclared, wrongAnswer];
}

describe('the tables derived from the declarations', () => {
  it('audits exactly these calls, always (a list written here)', () => {
    expect([...AUDITED].sort()).toEqual(
      [
        'cards.block',
        'cards.replace',
        'cards.unblock',
        'cash.closeSession',
        'cash.move',
        'cash.noSale',
        'cash.openSession',
        'day.close',
        'day.open',
        'fleet.supportBundle',
        'fleet.uploadSupportBundle',
        'manager.cancelStale',
        'orders.cancel',
        'orders.delete',
        'payments.refund',
        'printer.test',
        'reports.export',
        'returns.refund',
        'settings.set',
        'staff.add',
        'staff.resetPin',
        'staff.setActive',
        'sync.retry',
        'terminal.confirmManual',
        'terminal.refund',
        'terminal.totals',
      ].sort(),
    );
  });

  it('gives every channel an access of its declaration, and every manager channel words for the trail', () => {
    for (const name of Object.keys(channels) as Channel[]) {
      expect(CHANNEL_ACCESS[name], name).toBe(channels[name].access);
      if (channels[name].access === 'manager') expect(channels[name].audit?.act.nl, name).toMatch(/\S/);
    }
  });
});
