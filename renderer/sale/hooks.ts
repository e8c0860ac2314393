import type { CatalogView, CounterOrder, IpcInput, IpcResult } from '../../shared/ipc';
import type { Product } from '../../shared/schemas/reference';
import { useAction, useInvoke, type InvokeQuery } from '../api/useInvoke';
import { heldDuring } from '../common/pageKeys';
import { nextActionId, stepBeforeAdding, STEP_FOCUS } from './pick';
import { chosenTokenTypeId, tokenCombination, tokenInputFromChosen } from './orderView';
import { focusSoon, useSale } from './saleStore';

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

/**
 * Adds a line: the first one creates the order (an order always has a line). The new line
 * can be undone until the next action, and the focus goes to what the order needs next.
 */
export function useAddLine() {
  const settings = useInvoke('settings.get', {});
  const create = useAction('orders.create');
  const add = useAction('lines.add');
  const languageId = settings.value?.languageId;

  const run = async (line: LineInput): Promise<IpcResult<CounterOrder>> => {
    const orderId = useSale.getState().orderId;
    const result = orderId ? await add.run({ orderId, line }) : await create.run({ languageId: languageId ?? 2, orderLines: [line] });
    if (result.ok) {
      const { order } = result.value;
      const sale = useSale.getState();
      if (!orderId) sale.setOrderId(order.orderId);
      const added = order.orderLines.at(-1);
      sale.offerUndo(added ? { lineId: added.orderLineId, productName: added.productName } : null);
      focusSoon(nextActionId(order));
    }
    return result;
  };
  return { run, pending: create.pending || add.pending, error: create.error ?? add.error };
}

/**
 * A touch on a product (or its quick key): added at once when it needs nothing first (with
 * the sale's token when the product goes on one), else the product card on the step it needs.
 */
export function usePickProduct() {
  const products = useProducts();
  const addLine = useAddLine();
  const pick = async (product: Product) => {
    // Keys typed meanwhile (Enter for Pay) wait until the focus is on the next step.
    await heldDuring(() => pickNow(product));
  };
  const pickNow = async (product: Product) => {
    const sale = useSale.getState();
    const step = stepBeforeAdding(products, product, sale.token);
    if (step) {
      sale.selectProduct(product.productId);
      focusSoon(STEP_FOCUS[step]);
      return;
    }
    sale.selectProduct(null);
    const token = sale.token;
    const attach = token !== null && tokenCombination(product, chosenTokenTypeId(token)) === null;
    await addLine.run({
      productId: product.productId,
      quantity: 1,
      vouchers: [],
      validFrom: null,
      customerTokens: attach ? [tokenInputFromChosen(token)] : null,
    });
  };
  return { pick, pending: addLine.pending, error: addLine.error };
}
