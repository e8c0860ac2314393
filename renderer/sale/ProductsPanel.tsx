import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Product } from '../../shared/schemas/reference';
import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { QUICK_KEY_EVENT } from '../start/GlobalKeys';
import { buildTree, quickProducts, searchProducts, type ProductNode } from './catalogTree';
import { useCatalog, usePickProduct } from './hooks';
import { useSale } from './saleStore';

/**
 * The catalogue: search by name or article number, the manager's quick keys 1–9, and the
 * product tree. A touch on a product that needs nothing first adds it at once.
 */
export function ProductsPanel() {
  const { t } = useI18n();
  const catalog = useCatalog();
  const settings = useInvoke('settings.get', {});
  const configured = settings.value?.quickKeys ?? null;
  const products = useMemo(() => catalog.value?.products ?? [], [catalog.value]);
  const [text, setText] = useState('');
  const quick = useMemo(() => quickProducts(products, configured), [products, configured]);
  const found = useMemo(() => searchProducts(products, text), [products, text]);
  const { pick, pending, error } = usePickProduct();
  const pickRef = useRef(pick);
  pickRef.current = pick;
  // Drawn again only when the catalogue changes: a touch's call starting and ending redraws the quick keys, not the tree.
  const tree = useMemo(() => <ProductTree nodes={buildTree(products)} onPick={(x) => void pickRef.current(x)} />, [products]);

  useEffect(() => {
    const onQuick = (event: Event) => {
      const product = quick[(event as CustomEvent<number>).detail];
      // The digit that was typed into the empty search is the key, not a search.
      setText('');
      if (product) void pickRef.current(product);
    };
    window.addEventListener(QUICK_KEY_EVENT, onQuick);
    return () => window.removeEventListener(QUICK_KEY_EVENT, onQuick);
  }, [quick]);

  return (
    <section className="panel" aria-labelledby="products-title">
      <h2 id="products-title">{t('products.title')}</h2>
      <ErrorNote error={catalog.error} />
      <ErrorNote error={error} />
      <div role="search" className="field">
        <label htmlFor="product-search">{t('products.search')}</label>
        <input
          id="product-search"
          data-landing={2}
          type="search"
          value={text}
          aria-describedby="product-search-hint"
          // Taking keys once the quick keys are known: a new sale's keys wait for it (the key queue).
          disabled={catalog.isLoading || settings.isLoading}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="hint" id="product-search-hint">
          {t('products.searchHint')}
        </p>
      </div>
      {text.trim() ? (
        <div aria-live="polite">
          <p className="sr-only">{t('products.found', { n: found.length })}</p>
          {found.length === 0 && <p className="muted">{t('products.none')}</p>}
          <ul className="plain product-list">
            {found.map((p) => (
              <li key={p.productId}>
                <ProductButton product={p} onPick={(x) => void pick(x)} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <h3>{t('products.quick')}</h3>
          <ol className="plain quick-keys">
            {quick.map(
              (p, i) =>
                p && (
                  <li key={i}>
                    <button type="button" aria-keyshortcuts={String(i + 1)} disabled={pending} onClick={() => void pick(p)}>
                      <kbd>{i + 1}</kbd> <span>{p.productName}</span>
                    </button>
                  </li>
                ),
            )}
          </ol>
          <h3>{t('products.all')}</h3>
          {tree}
        </>
      )}
    </section>
  );
}

function ProductButton({ product, onPick }: { product: Product; onPick: (p: Product) => void }) {
  const { money } = useI18n();
  const selected = useSale((s) => s.selectedProductId === product.productId);
  const metaId = useId();
  // Named by the product's name alone (what the clerk says); the number and price describe it.
  return (
    <button
      type="button"
      className="product-button"
      aria-describedby={metaId}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onPick(product)}
    >
      <span>{product.productName}</span>
      <span className="muted product-meta" id={metaId} aria-hidden="true">
        <span className="nowrap">{product.fikoArticleNumber}</span>
        {product.amountInclTax > 0 && <span className="nowrap price">{money(product.amountInclTax)}</span>}
      </span>
    </button>
  );
}

function ProductTree({ nodes, onPick }: { nodes: ProductNode[]; onPick: (p: Product) => void }) {
  return (
    <ul className="plain product-tree">
      {nodes.map((node) => (
        <li key={node.product.productId}>
          <ProductButton product={node.product} onPick={onPick} />
          {node.children.length > 0 && <ProductTree nodes={node.children} onPick={onPick} />}
        </li>
      ))}
    </ul>
  );
}
