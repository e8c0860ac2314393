import { useEffect, useState } from 'react';
import type { Product } from '../../shared/schemas/reference';
import { ErrorNote } from '../common/ErrorNote';
import { tokenTypeName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { childrenOf, isLeaf } from './catalogTree';
import { localDate, startDateProblem, startTimestamp } from './dates';
import { useAddLine, useProducts } from './hooks';
import { chosenTokenTypeId, tokenCombination, tokenInputFromChosen } from './orderView';
import { focusSoon, useSale } from './saleStore';
import { StartDateField } from './StartDateField';
import { TokenTypes } from './TokenTypes';

/** The chosen product: its variants when it is not a leaf, else quantity, start date and "Add to order". */
export function ProductCard() {
  const { t, money } = useI18n();
  const products = useProducts();
  const productId = useSale((s) => s.selectedProductId);
  const product = products.find((p) => p.productId === productId);
  if (!product) return null;
  const leaf = isLeaf(products, product.productId);
  return (
    <section className="card product-card" aria-labelledby="product-card-title">
      <h3 id="product-card-title" tabIndex={-1}>
        {product.productName}
      </h3>
      <p>{product.productDescription}</p>
      <p className="muted">
        {product.fikoArticleNumber}
        {leaf && ` · ${money(product.amountInclTax)}`}
      </p>
      {leaf ? <AddLineForm product={product} /> : <VariantChoice product={product} />}
    </section>
  );
}

/** PRODUCT_CHOICE_REQUIRED, asked right away: a product with children needs one of them. */
function VariantChoice({ product }: { product: Product }) {
  const { t, money } = useI18n();
  const products = useProducts();
  const selectProduct = useSale((s) => s.selectProduct);
  return (
    <fieldset className="stack">
      <legend>{t('products.chooseVariant')}</legend>
      {childrenOf(products, product.productId).map((child) => (
        <button
          key={child.productId}
          type="button"
          aria-label={t('products.choose', { name: child.productName })}
          onClick={() => {
            selectProduct(child.productId);
            focusSoon('product-card-title');
          }}
        >
          {child.productName}
          {child.amountInclTax > 0 && <span className="muted"> · {money(child.amountInclTax)}</span>}
        </button>
      ))}
    </fieldset>
  );
}

function AddLineForm({ product }: { product: Product }) {
  const { t, money } = useI18n();
  const token = useSale((s) => s.token);
  const addLine = useAddLine();
  const needsDate = product.requires.validFrom || product.validityDays !== null;
  const [quantity, setQuantity] = useState(1);
  const [start, setStart] = useState(() => (needsDate ? localDate(new Date()) : ''));
  const [added, setAdded] = useState(false);

  useEffect(() => {
    setQuantity(1);
    setStart(needsDate ? localDate(new Date()) : '');
    setAdded(false);
  }, [product.productId, needsDate]);

  const dateProblem = start ? startDateProblem(start, new Date()) : null;
  const combination = token ? tokenCombination(product, chosenTokenTypeId(token)) : null;
  const attach = token !== null && combination === null;
  const blocked = combination === 'type-not-allowed';
  const quantityOk = Number.isInteger(quantity) && quantity >= 1 && quantity <= 1000;

  const add = async (withToken: boolean) => {
    const result = await addLine.run({
      productId: product.productId,
      quantity,
      vouchers: [],
      validFrom: start ? startTimestamp(start, new Date()) : null,
      customerTokens: withToken && token ? [tokenInputFromChosen(token)] : null,
    });
    setAdded(result.ok);
  };

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) void add(attach);
      }}
    >
      <div className="field">
        <label htmlFor="add-quantity">{t('line.quantity')}</label>
        <input
          id="add-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={quantity}
          onChange={(e) => setQuantity(Number(e.target.value))}
        />
      </div>
      <StartDateField id="add-start" value={start} onChange={setStart} required={product.requires.validFrom} />
      <TokenTypes product={product} />
      {token && combination === 'no-tokens' && <p className="note">{t('products.noTokenNeeded')}</p>}
      {token && attach && <p className="note note-ok">{t('products.tokenAttached')}</p>}
      {token && blocked && (
        <p className="note note-warn" role="alert" id="add-token-problem">
          {t('products.tokenNotAllowed', {
            type: tokenTypeName(t, chosenTokenTypeId(token)),
            allowed: product.tokenTypeIds.map((id) => tokenTypeName(t, id)).join(', '),
          })}
        </p>
      )}
      <p className="total-line">
        {t('products.lineTotal')} <strong>{money(product.amountInclTax * (quantityOk ? quantity : 0))}</strong>
      </p>
      <ErrorNote error={addLine.error} />
      <div className="row">
        <button
          id="add-to-order"
          type="submit"
          className="primary"
          disabled={blocked || dateProblem !== null || !quantityOk || addLine.pending}
          aria-describedby={blocked ? 'add-token-problem' : undefined}
        >
          {t('products.add')}
        </button>
        {blocked && (
          <button
            type="button"
            disabled={dateProblem !== null || !quantityOk || addLine.pending}
            onClick={() => void add(false)}
          >
            {t('products.addWithoutToken')}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only-when-empty">
        {added ? t('products.added', { name: product.productName }) : ''}
      </p>
    </form>
  );
}
