import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCounter } from './counter';
import { queryKeys, syncStatusChanged } from './useInvoke';

/** Subscribes to the main process's events and invalidates what they touch. */
export function useCounterEvents(): void {
  const api = useCounter();
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      api.on('sync.changed', (status) => syncStatusChanged(client, status)),
      api.on('orders.changed', ({ orderId }) => {
        void client.invalidateQueries({ queryKey: queryKeys.order(orderId) });
        void client.invalidateQueries({ queryKey: queryKeys.channel('orders.search') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('sync.rejected') });
      }),
      api.on('catalog.changed', () => {
        void client.invalidateQueries({ queryKey: queryKeys.channel('catalog.get') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('lookup.tokens') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('lookup.mandates') });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api, client]);
}
