import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/useInvoke';

/** After a drawer's change: the drawer, the day and its X report are read again. */
export function useDrawerChanged(): () => void {
  const client = useQueryClient();
  return () => {
    for (const channel of ['cash.drawer', 'day.status', 'day.xReport'] as const) {
      void client.invalidateQueries({ queryKey: queryKeys.channel(channel) });
    }
  };
}
