import type { Channel, CounterApi, EventName, IpcError, IpcEvents, IpcInput, IpcOutputs, IpcResult } from '../../shared/ipc';
import { refusal, type RefusalCode, type RefusalParams } from '../../shared/refusals';

/**
 * A typed stand-in for `window.counter`, for the renderer's tests only: each channel answers
 * what its handler gives (a value is wrapped as `ok`), calls are recorded, events can be sent.
 * A channel without a handler answers an `internal` refusal, as a broken main process would.
 */

type Answer<C extends Channel> = IpcResult<IpcOutputs[C]> | IpcOutputs[C];
export type FakeHandlers = {
  [C in Channel]?: (input: IpcInput<C>) => Answer<C> | Promise<Answer<C>>;
};

export interface FakeCounter extends CounterApi {
  calls: { channel: Channel; input: unknown }[];
  callsOf<C extends Channel>(channel: C): IpcInput<C>[];
  emit<E extends EventName>(event: E, payload: IpcEvents[E]): void;
  handle<C extends Channel>(channel: C, handler: NonNullable<FakeHandlers[C]>): void;
}

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (
  kind: IpcError['kind'],
  code: RefusalCode,
  params: RefusalParams = {},
  errors: IpcError['errors'] = [],
): IpcResult<never> => refusal(kind, code, params, errors);

function isResult(x: unknown): x is IpcResult<unknown> {
  return (
    typeof x === 'object' && x !== null && 'ok' in x && typeof (x as { ok: unknown }).ok === 'boolean' && ('value' in x || 'error' in x)
  );
}

export function fakeCounter(initial: FakeHandlers = {}): FakeCounter {
  const handlers: FakeHandlers = { ...initial };
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const calls: { channel: Channel; input: unknown }[] = [];

  const api: FakeCounter = {
    shell: 'browser',
    calls,
    async invoke<C extends Channel>(channel: C, input: IpcInput<C>): Promise<IpcResult<IpcOutputs[C]>> {
      calls.push({ channel, input });
      const handler = handlers[channel] as ((input: IpcInput<C>) => Answer<C> | Promise<Answer<C>>) | undefined;
      if (!handler) return fail('internal', 'request.unknownChannel', { channel });
      const answer = await handler(input);
      return isResult(answer) ? (answer as IpcResult<IpcOutputs[C]>) : ok(answer as IpcOutputs[C]);
    },
    on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
    callsOf<C extends Channel>(channel: C) {
      return calls.filter((c) => c.channel === channel).map((c) => c.input as IpcInput<C>);
    },
    emit<E extends EventName>(event: E, payload: IpcEvents[E]) {
      listeners.get(event)?.forEach((listener) => (listener as (p: IpcEvents[E]) => void)(payload));
    },
    handle(channel, handler) {
      (handlers as Record<string, unknown>)[channel] = handler;
    },
  };
  return api;
}
