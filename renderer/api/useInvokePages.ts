import { useInfiniteQuery } from '@tanstack/react-query';
import type { IpcError, IpcInput, IpcOutputs } from '../../shared/ipc';
import { useCounter } from './counter';
import type { ReadChannel } from '../../shared/ipc';
import { queryKeys, safeInvoke } from './useInvoke';

/** A read answered a page at a time: its rows and the cursor of the next page (null: the last). */
type PagedChannel = {
  [C in ReadChannel]: IpcOutputs[C] extends { next: string | null } ? C : never;
}[ReadChannel];
type RowOf<C extends PagedChannel> = IpcOutputs[C] extends { rows: (infer R)[] } ? R : never;

export interface InvokePages<C extends PagedChannel> {
  /** The rows of every page read so far, in order. */
  rows: RowOf<C>[];
  /** The first page's answer (its counts and totals), once read. */
  first: IpcOutputs[C] | undefined;
  error: IpcError | null;
  isLoading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * Keyset paging over a read channel: each page asks from the cursor the previous one
 * answered, so any number of rows can be reached and nothing is capped. A refusal is `error`.
 */
export function useInvokePages<C extends PagedChannel>(
  channel: C,
  input: IpcInput<C>,
  options: { enabled?: boolean } = {},
): InvokePages<C> {
  const api = useCounter();
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.of(channel, input), 'pages'],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const result = await safeInvoke(api, channel, { ...input, cursor: pageParam } as IpcInput<C>);
      if (!result.ok) throw result.error;
      return result.value;
    },
    getNextPageParam: (page) => (page as { next: string | null }).next,
    enabled: options.enabled ?? true,
    staleTime: 5_000,
  });
  const pages = query.data?.pages ?? [];
  return {
    rows: pages.flatMap((page) => (page as unknown as { rows: RowOf<C>[] }).rows),
    first: pages[0],
    error: (query.error as IpcError | null) ?? null,
    isLoading: query.isLoading,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
