import { useI18n } from '../i18n/i18n';
import { TokenPanel } from '../tokens/TokenPanel';
import { OrderPanel } from './OrderPanel';
import { ProductCard } from './ProductCard';
import { ProductsPanel } from './ProductsPanel';
import { useSale } from './saleStore';

/** The sale: products, the token, and the order with what it still needs. */
export function SaleScreen() {
  const { t } = useI18n();
  const newSale = useSale((s) => s.newSale);
  const goTo = useSale((s) => s.goTo);
  return (
    <div className="sale">
      <nav className="row screen-nav" aria-label={t('nav.label')}>
        <button type="button" onClick={() => goTo('start')}>
          {t('nav.start')}
        </button>
        <button type="button" aria-keyshortcuts="F2 Alt+N" onClick={newSale}>
          {t('start.newSale')} <kbd aria-hidden="true">F2</kbd>
        </button>
      </nav>
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
