import type { CatalogView, CounterOrder, IpcInput, IpcResult } from '../../shared/ipc';
import type { Product } from '../../shared/schemas/reference';
import { useAction, useInvoke, type InvokeQuery } from '../api/useInvoke';
import { recordSale } from './catalogTree';
import { useSale } from './saleStore';

export function useCatalog(): InvokeQuery<CatalogView> {
  return useInvoke('catalog.get', {}, { staleTime: 5 * 60_000 });
}

export function useProducts(): Product[] {
  return useCatalog().value?.products ?? [];
}

export function useCurrentOrder(): InvokeQuery<CounterOrder> {
  const orderId = useSale((s) => s.orderId);
  return useInvoke('orders.get', { orderId: orderId ?? '' }, { enabled: orderId !== null });
}

type LineInput = IpcInput<'lines.add'>['line'];

/** Adds a line: the first one creates the order (an order always has a line). */
export function useAddLine() {
  const settings = useInvoke('settings.get', {});
  const create = useAction('orders.create');
  const add = useAction('lines.add');
  const languageId = settings.value?.languageId;

  const run = async (line: LineInput): Promise<IpcResult<CounterOrder>> => {
    const orderId = useSale.getState().orderId;
    const result = orderId
      ? await add.run({ orderId, line })
      : await create.run({ languageId: languageId ?? 2, orderLines: [line] });
    if (result.ok) {
      if (!orderId) useSale.getState().setOrderId(result.value.order.orderId);
      recordSale(line.productId, line.quantity);
    }
    return result;
  };
  return { run, pending: create.pending || add.pending, error: create.error ?? add.error };
}
