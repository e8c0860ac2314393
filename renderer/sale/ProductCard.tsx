import { useState } from 'react';
import type { Product } from '../../shared/schemas/reference';
import { ErrorNote } from '../common/ErrorNote';
import { tokenTypeName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { childrenOf, isLeaf } from './catalogTree';
import { localDate, startDateProblem, startTimestamp } from './dates';
import { useAddLine, usePickProduct, useProducts } from './hooks';
import { stepBeforeAdding, STEP_FOCUS } from './pick';
import { chosenTokenTypeId, tokenCombination, tokenInputFromChosen } from './orderView';
import { QuantityField, quantityOk } from './QuantityField';
import { focusSoon, useSale } from './saleStore';
import { StartDateField } from './StartDateField';
import { TokenTypes } from './TokenTypes';
import { VariantChoices } from './VariantChoices';

/** The chosen product: its variants when it is not a leaf, else quantity, start date and "Add to order". */
export function ProductCard() {
  const { money } = useI18n();
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
      <p className="muted product-meta">
        <span className="nowrap">{product.fikoArticleNumber}</span>
        {leaf && <span className="nowrap price">{money(product.amountInclTax)}</span>}
      </p>
      {/* Keyed by product: another product starts from a fresh form. */}
      {leaf ? <AddLineForm key={product.productId} product={product} /> : <VariantChoice product={product} />}
    </section>
  );
}

/** PRODUCT_CHOICE_REQUIRED, asked right away: a product with children needs one of them. */
function VariantChoice({ product }: { product: Product }) {
  const products = useProducts();
  const selectProduct = useSale((s) => s.selectProduct);
  const { pick } = usePickProduct();
  return (
    <VariantChoices
      choices={childrenOf(products, product.productId)}
      firstId="product-variants"
      onChoose={(child) => {
        const step = stepBeforeAdding(products, child, useSale.getState().token);
        if (step) {
          selectProduct(child.productId);
          focusSoon(STEP_FOCUS[step]);
        } else void pick(child);
      }}
    />
  );
}

function AddLineForm({ product }: { product: Product }) {
  const { t, money } = useI18n();
  const token = useSale((s) => s.token);
  const addLine = useAddLine();
  const needsDate = product.requires.validFrom || product.validityDays !== null;
  const [quantity, setQuantity] = useState(1);
  const [start, setStart] = useState(() => (needsDate ? localDate(new Date()) : ''));

  const dateProblem = start ? startDateProblem(start, new Date()) : null;
  const combination = token ? tokenCombination(product, chosenTokenTypeId(token)) : null;
  const attach = token !== null && combination === null;
  const blocked = combination === 'type-not-allowed';
  const quantityValid = quantityOk(quantity);

  const add = async (withToken: boolean) => {
    const result = await addLine.run({
      productId: product.productId,
      quantity,
      vouchers: [],
      validFrom: start ? startTimestamp(start, new Date()) : null,
      customerTokens: withToken && token ? [tokenInputFromChosen(token)] : null,
    });
    // The line is on the order (with its undo): the card has done its work.
    if (result.ok) useSale.getState().selectProduct(null);
  };

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) void add(attach);
      }}
    >
      <QuantityField id="add-quantity" value={quantity} onChange={setQuantity} />
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
        {t('products.lineTotal')} <strong>{money(product.amountInclTax * (quantityValid ? quantity : 0))}</strong>
      </p>
      <ErrorNote error={addLine.error} />
      <div className="row">
        <button
          id="add-to-order"
          type="submit"
          className="primary"
          disabled={blocked || dateProblem !== null || !quantityValid || addLine.pending}
          aria-describedby={blocked ? 'add-token-problem' : undefined}
        >
          {t('products.add')}
        </button>
        {blocked && (
          <button
            id="add-without-token"
            type="button"
            disabled={dateProblem !== null || !quantityValid || addLine.pending}
            onClick={() => void add(false)}
          >
            {t('products.addWithoutToken')}
          </button>
        )}
      </div>
    </form>
  );
}
