import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import type { Step } from '../sync/plan';
import { value } from './counter';
import { fastSyncPerTest } from './fastSync';

/**
 * What the plan tests (electron/core/sync/plan.*.test.ts) share: a fast sync world per test, in
 * which the local orders are made by a clerk at the counter and the central's copies by the
 * central's HTTP app, and every step planned can be sent to the central.
 */
export function planWorld(ids: string) {
  const world = fastSyncPerTest(ids);
  return {
    world,
    // The world is filled in before each test: its functions are looked up when called.
    created: (order: Order) => world.created(order),
    send: (step: Step) => world.send(step),
    converge: (order: Order, central: Order) => world.converge(order, central),
    /** The counter's order after a clerk's action through the IPC handlers (a refusal fails the test). */
    dispatch: async (channel: string, input: unknown) =>
      value((await world.counter.dispatch(channel, input)) as IpcResult<CounterOrder>, channel).order,
  };
}
