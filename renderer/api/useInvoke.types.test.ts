import { describe, expectTypeOf, it } from 'vitest';
import type { ChangeChannel, ReadChannel } from '../../shared/ipc';
import { useInvoke } from './useInvoke';

/**
 * The renderer's read path takes reads only (docs/counter.md §9): the function below is
 * never called; `npm run typecheck` fails if the line marked @ts-expect-error compiles.
 */
export function readPathChecks() {
  // @ts-expect-error -- a change goes through useAction, never the cached read path
  useInvoke('orders.create', { languageId: 1, orderLines: [] });
  return useInvoke('orders.get', { orderId: 'c0c0c0c0-0000-4000-8000-000000000001' });
}

describe('the read and change channels', () => {
  it('are told apart by their declarations', () => {
    expectTypeOf<'orders.get'>().toExtend<ReadChannel>();
    expectTypeOf<'day.xReport'>().toExtend<ReadChannel>();
    expectTypeOf<'orders.create'>().toExtend<ChangeChannel>();
    expectTypeOf<'payments.refund'>().not.toExtend<ReadChannel>();
    expectTypeOf<'session.login'>().not.toExtend<ReadChannel>();
  });
});
