import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, CounterApi, CounterOrder, IpcError, IpcInput, IpcOutputs, IpcResult, ReadChannel } from '../../shared/ipc';
import { useCounter } from './counter';

/**
 * A small typed layer over `window.counter.invoke` for react-query. A refusal (`ok: false`)
 * is kept as data and handed to the component as `error`: it is shown, never thrown.
 */

export const queryKeys = {
  all: ['counter'] as const,
  channel: (channel: Channel) => ['counter', channel] as const,
  of: <C extends Channel>(channel: C, input: IpcInput<C>) => ['counter', channel, input] as const,
  order: (orderId: string) => ['counter', 'orders.get', { orderId }] as const,
};

/** Invokes and never rejects: a transport failure becomes an `internal` refusal too. */
export async function safeInvoke<C extends Channel>(api: CounterApi, channel: C, input: IpcInput<C>): Promise<IpcResult<IpcOutputs[C]>> {
  try {
    return await api.invoke(channel, input);
  } catch (cause) {
    // The transport's own words (a network error) stay out of the screen.
    console.warn('counter: a call failed to reach the main process', cause);
    // Built here rather than by shared/refusals.ts's refusal(), whose English texts are not in the
    // first load (renderer/i18n/dictionaries.ts); the screen words the code in its own language.
    const error: IpcError = { kind: 'internal', code: 'shell.unreachable', params: {}, message: 'shell.unreachable', errors: [] };
    return { ok: false, error };
  }
}

export interface InvokeQuery<T> {
  value: T | undefined;
  error: IpcError | null;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => void;
}

export function useInvoke<C extends ReadChannel>(
  channel: C,
  input: IpcInput<C>,
  options: { enabled?: boolean; staleTime?: number; refetchInterval?: number } = {},
): InvokeQuery<IpcOutputs[C]> {
  const api = useCounter();
  const query = useQuery({
    queryKey: queryKeys.of(channel, input),
    queryFn: () => safeInvoke(api, channel, input),
    enabled: options.enabled ?? true,
    staleTime: options.staleTime ?? 5_000,
    refetchInterval: options.refetchInterval ?? false,
  });
  const result = query.data;
  return {
    value: result?.ok ? result.value : undefined,
    error: result && !result.ok ? result.error : null,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  };
}

export interface InvokeAction<C extends Channel> {
  run: (input: IpcInput<C>) => Promise<IpcResult<IpcOutputs[C]>>;
  pending: boolean;
  error: IpcError | null;
}

/** Puts a value in the cache as the answer of a read, as if it had just been read. */
export function setAnswer<C extends ReadChannel>(client: QueryClient, channel: C, input: IpcInput<C>, value: IpcOutputs[C]): void {
  client.setQueryData(queryKeys.of(channel, input), { ok: true, value } satisfies IpcResult<IpcOutputs[C]>);
}

/** A new sync status: cached, and the refused orders and order lists it may change refetched. */
export function syncStatusChanged(client: QueryClient, status: IpcOutputs['sync.status']): void {
  setAnswer(client, 'sync.status', {}, status);
  void client.invalidateQueries({ queryKey: queryKeys.channel('sync.rejected') });
  void client.invalidateQueries({ queryKey: queryKeys.channel('sync.setAside') });
  void client.invalidateQueries({ queryKey: queryKeys.channel('sync.unsent') });
  void client.invalidateQueries({ queryKey: queryKeys.channel('orders.search') });
}

/** Keeps the order caches current with any answer that is a whole order. */
export function rememberOrder(client: QueryClient, answer: unknown): void {
  if (answer && typeof answer === 'object' && 'order' in answer && 'sync' in answer) {
    const counterOrder = answer as CounterOrder;
    setAnswer(client, 'orders.get', { orderId: counterOrder.order.orderId }, counterOrder);
    void client.invalidateQueries({ queryKey: queryKeys.channel('orders.search') });
  }
}

/** A change: resolves to the result (never rejects) and keeps the last refusal as `error`. */
export function useAction<C extends Channel>(channel: C, onDone?: (value: IpcOutputs[C]) => void): InvokeAction<C> {
  const api = useCounter();
  const client = useQueryClient();
  const [error, setError] = useState<IpcError | null>(null);
  const mutation = useMutation({
    mutationFn: (input: IpcInput<C>) => safeInvoke(api, channel, input),
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (input: IpcInput<C>) => {
      setError(null);
      const result = await mutateAsync(input);
      if (result.ok) {
        rememberOrder(client, result.value);
        onDone?.(result.value);
      } else {
        setError(result.error);
      }
      return result;
    },
    [mutateAsync, client, onDone],
  );
  return { run, pending: mutation.isPending, error };
}
