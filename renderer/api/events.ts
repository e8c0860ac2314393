import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCounter } from './counter';
import { queryKeys, setAnswer, syncStatusChanged } from './useInvoke';

const MANAGER_READS = [
  'manager.orders',
  'manager.order',
  'manager.staleConcepts',
  'sync.problems',
  'day.xReport',
  'reports.summary',
  'audit.list',
] as const;

/** Subscribes to the main process's events and invalidates what they touch. */
export function useCounterEvents(): void {
  const api = useCounter();
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      api.on('sync.changed', (status) => {
        syncStatusChanged(client, status);
        // A closed day's Z reaching the central is a sync change: its Z and the closed days say so alike.
        void client.invalidateQueries({ queryKey: queryKeys.channel('day.zReport') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('day.list') });
      }),
      api.on('orders.changed', ({ orderId }) => {
        void client.invalidateQueries({ queryKey: queryKeys.order(orderId) });
        void client.invalidateQueries({ queryKey: queryKeys.channel('orders.search') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('orders.unfinished') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('sync.rejected') });
        // The manager's lists and figures that an order's change moves.
        for (const channel of MANAGER_READS) void client.invalidateQueries({ queryKey: queryKeys.channel(channel) });
      }),
      api.on('devices.changed', (states) => setAnswer(client, 'devices.states', {}, states)),
      api.on('receipt.changed', () => void client.invalidateQueries({ queryKey: queryKeys.channel('receipt.state') })),
      api.on('catalog.changed', () => {
        void client.invalidateQueries({ queryKey: queryKeys.channel('catalog.get') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('lookup.tokens') });
        void client.invalidateQueries({ queryKey: queryKeys.channel('lookup.mandates') });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api, client]);
}
