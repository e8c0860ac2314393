import { useSale } from '../sale/saleStore';
import type { ScannerOptions } from './scanner';
import { useScanner } from './useScanner';

/**
 * Routes every scanner burst to the token search: on the sale screen as it is, from the
 * checkout back to the order's sale screen, and from the start or a receipt into a new sale.
 * The card service takes its own scans where it is (docs/counter.md §22.1).
 */
export function ScannerListener({ options }: { options?: Partial<ScannerOptions> }) {
  useScanner((value) => {
    const sale = useSale.getState();
    if (sale.screen === 'cards') return sale.scanned(value);
    if (sale.screen === 'checkout') sale.goTo('sale');
    else if (sale.screen !== 'sale') sale.newSale();
    useSale.getState().scanned(value);
  }, options);
  return null;
}
