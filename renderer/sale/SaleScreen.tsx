import { useEffect } from 'react';
import { areas } from '../areas';
import { NewSaleButton, ScreenNav, StartButton } from '../common/ScreenNav';
import { TokenPanel } from '../tokens/TokenPanel';
import { OrderPanel } from './OrderPanel';
import { ProductCard } from './ProductCard';
import { ProductsPanel } from './ProductsPanel';

/** The sale: products, the token, and the order with what it still needs. */
export function SaleScreen() {
  // The checkout is not part of the first load; its code comes while the clerk chooses.
  useEffect(() => void areas.checkout.load().catch(() => undefined), []);
  return (
    <div className="sale">
      <ScreenNav>
        <StartButton />
        <NewSaleButton />
      </ScreenNav>
      <div className="sale-grid">
        <ProductsPanel />
        <div className="middle-column">
          <ProductCard />
          <TokenPanel />
        </div>
        <OrderPanel />
      </div>
    </div>
  );
}
