import { useEffect } from 'react';
import { SALE_PARTS } from '../areas';
import { NewSaleButton, ScreenNav, StartButton } from '../common/ScreenNav';
import { TokenPanel } from '../tokens/TokenPanel';
import { OrderPanel } from './OrderPanel';
import { ProductCard } from './ProductCard';
import { ProductsPanel } from './ProductsPanel';

/** The sale: products, the token, and the order with what it still needs. */
export function SaleScreen() {
  useEffect(() => {
    // A part that cannot load says so in its slot when it is opened.
    for (const part of SALE_PARTS) part.load().catch(() => undefined);
  }, []);
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
