import { useState } from 'react';
import type { Order, OrderLine } from '../../shared/schemas/order';
import type { Product, TransitTokenRecord } from '../../shared/schemas/reference';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { tokenTypeName } from '../common/names';
import { useI18n, type MessageKey, type Params } from '../i18n/i18n';
import { useCurrentOrder, useProducts } from '../sale/hooks';
import { chosenTokenTypeId, tokenCombination, tokenInputFromChosen, tokenInputOf } from '../sale/orderView';
import { nextActionId } from '../sale/pick';
import { focusSoon, useSale, type ChosenToken } from '../sale/saleStore';
import { NewPassForm } from './NewPassForm';
import { tokenName } from './TokenMatch';
import { TokenSearch } from './TokenSearch';

/**
 * The lines of an order still waiting for a token that `chosen` can go on: a line with the
 * remark TOKEN_REQUIRED (or CUSTOMERTOKEN_REQUIRED, for a registered token) whose product takes
 * its type.
 */
export function linesWaitingFor(order: Order | undefined, products: readonly Product[], chosen: ChosenToken): OrderLine[] {
  return (order?.orderLines ?? []).filter((line) => {
    const product = products.find((p) => p.productId === line.productId);
    if (!product || tokenCombination(product, chosenTokenTypeId(chosen)) !== null) return false;
    return line.additionalRemarks.some(
      (r) => r.code === 'TOKEN_REQUIRED' || (r.code === 'CUSTOMERTOKEN_REQUIRED' && chosen.kind === 'registered'),
    );
  });
}

/**
 * The token of the sale: found by search or scan, or a new anonymous pass. When a line waits
 * for a token (a remark's action), the chosen token goes onto that line; else onto the lines
 * added next.
 */
export function TokenPanel() {
  const { t } = useI18n();
  const products = useProducts();
  const order = useCurrentOrder().value?.order;
  const token = useSale((s) => s.token);
  const targetId = useSale((s) => s.tokenTargetLineId);
  const chooseToken = useSale((s) => s.chooseToken);
  const target = order?.orderLines.find((l) => l.orderLineId === targetId) ?? null;
  const targetProduct = target ? products.find((p) => p.productId === target.productId) : undefined;
  const patch = useAction('lines.patch');
  // Kept as a key, so that it follows a change of language.
  const [message, setMessage] = useState<{ key: MessageKey; params: Params } | null>(null);

  const problemOf = (tokenTypeId: number): { key: MessageKey; params: Params } | null => {
    if (!targetProduct) return null;
    const combination = tokenCombination(targetProduct, tokenTypeId);
    if (combination === null) return null;
    return combination === 'no-tokens'
      ? { key: 'products.noTokens', params: {} }
      : { key: 'tokens.typeNotForProduct', params: { type: tokenTypeName(t, tokenTypeId), product: targetProduct.productName } };
  };
  const problemFor = (tokenTypeId: number): string | null => {
    const problem = problemOf(tokenTypeId);
    return problem ? t(problem.key, problem.params) : null;
  };

  /** Puts the token on a line; the order as it is then, or null when refused. */
  const putOn = async (line: OrderLine, chosen: ChosenToken): Promise<Order | null> => {
    // The new token keeps the traveller's personal data of the line's (first) token.
    const previous = line.customerTokens?.[0];
    const personalAccountData = previous ? tokenInputOf(previous).personalAccountData : null;
    const result = await patch.run({
      orderLineId: line.orderLineId,
      patch: { customerTokens: [{ ...tokenInputFromChosen(chosen), personalAccountData }] },
    });
    return result.ok ? result.value.order : null;
  };

  /**
   * "Use token": onto the line that asked for one, else onto every line still waiting for a
   * token it can go on, and onto the lines added next; the focus then on the order's next step.
   */
  const use = async (chosen: ChosenToken) => {
    setMessage(null);
    if (target) {
      const problem = problemOf(chosenTokenTypeId(chosen));
      if (problem) {
        setMessage(problem);
        return;
      }
    }
    const lines = target ? [target] : linesWaitingFor(order, products, chosen);
    let latest: Order | null = null;
    for (const line of lines) {
      latest = await putOn(line, chosen);
      if (!latest) return;
    }
    useSale.getState().targetLineForToken(null);
    // A token changed on one line leaves the sale's token as it was, if it had one.
    if (!target || !useSale.getState().token) chooseToken(chosen);
    const first = lines[0];
    setMessage(
      first
        ? { key: 'tokens.putOnLine', params: { name: describe(chosen), line: first.productName } }
        : { key: 'tokens.chosen', params: { name: describe(chosen) } },
    );
    focusSoon(latest ? nextActionId(latest) : 'product-search');
  };

  return (
    <section className="panel" aria-labelledby="token-title">
      <h2 id="token-title">{t('tokens.title')}</h2>
      {target && (
        <div className="note note-info" role="status">
          <p>{t('tokens.forLine', { line: target.productName })}</p>
          {targetProduct?.requires.registeredToken && <p>{t('tokens.needsRegistered')}</p>}
          <button type="button" onClick={() => useSale.getState().targetLineForToken(null)}>
            {t('tokens.cancelForLine')}
          </button>
        </div>
      )}
      {token && (
        <div className="card chosen-token">
          <p>
            {t('tokens.current')} <strong>{describe(token)}</strong> ({tokenTypeName(t, chosenTokenTypeId(token))})
          </p>
          <button type="button" onClick={() => chooseToken(null)}>
            {t('tokens.clear')}
          </button>
        </div>
      )}
      <p role="status" aria-live="polite" className="sr-only-when-empty">
        {message ? t(message.key, message.params) : ''}
      </p>
      <ErrorNote error={patch.error} />
      <TokenSearch
        onUse={(record: TransitTokenRecord) => void use({ kind: 'registered', record })}
        disabledReasonOf={(record) => problemFor(record.tokenType.tokenTypeId)}
      />
      <NewPassForm onUse={(chosen) => void use(chosen)} />
    </section>
  );
}

function describe(token: ChosenToken): string {
  return token.kind === 'registered' ? tokenName(token.record) : token.passNumber;
}
