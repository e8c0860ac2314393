import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RECEIPT_LAYOUTS, type ReceiptLayout, type SettingsView } from '../../shared/ipc';
import type { Product } from '../../shared/schemas/reference';
import { setAnswer, useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { isLeaf, quickProducts } from '../sale/catalogTree';

const KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * The counter's setup for its clerks (managers): which product each quick key 1–9 sells (they
 * never move by themselves), the receipt paper and the receipt printer.
 */
export function CounterSetup({ view, products }: { view: SettingsView; products: readonly Product[] }) {
  const { t, money } = useI18n();
  const client = useQueryClient();
  const sellable = products.filter((p) => isLeaf(products, p.productId));
  const [keys, setKeys] = useState<(number | null)[]>(() =>
    KEYS.map((_, i) => quickProducts(products, view.quickKeys)[i]?.productId ?? null),
  );
  const [layout, setLayout] = useState<ReceiptLayout>(view.receiptLayout);
  const [printer, setPrinter] = useState(view.printerName ?? '');
  const [saved, setSaved] = useState(false);
  const save = useAction('settings.set', (next) => {
    setAnswer(client, 'settings.get', {}, next);
    setSaved(true);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // Keys after the last one set are left out; an empty key in between stays empty.
    const last = keys.findLastIndex((id) => id !== null);
    void save.run({
      quickKeys: keys.slice(0, last + 1),
      receiptLayout: layout,
      printerName: printer.trim() || null,
    });
  };

  return (
    <form onSubmit={submit} className="stack" aria-labelledby="setup-title">
      <h3 id="setup-title">{t('setup.title')}</h3>
      <p className="hint">{t('setup.hint')}</p>
      <fieldset className="grid-form">
        <legend>{t('setup.quickKeys')}</legend>
        <p className="hint">{t('setup.quickKeysHint')}</p>
        {KEYS.map((n, i) => (
          <Field key={n} id={`setup-key-${n}`} label={t('setup.quickKey', { n })}>
            {(control) => (
              <select
                {...control}
                value={keys[i] ?? ''}
                onChange={(e) => {
                  const id = e.target.value === '' ? null : Number(e.target.value);
                  setKeys((k) => k.map((x, j) => (j === i ? id : x)));
                }}
              >
                <option value="">{t('setup.empty')}</option>
                {sellable.map((p) => (
                  <option key={p.productId} value={p.productId}>
                    {p.productName} · {money(p.amountInclTax)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
      </fieldset>
      <Field id="setup-layout" label={t('setup.receiptLayout')}>
        {(control) => (
          <select {...control} value={layout} onChange={(e) => setLayout(e.target.value as ReceiptLayout)}>
            {RECEIPT_LAYOUTS.map((l) => (
              <option key={l} value={l}>
                {t(`setup.layout.${l}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="setup-printer" label={t('setup.printer')} notes={[{ id: 'setup-printer-hint', text: t('setup.printerHint') }]}>
        {(control) => <input {...control} autoComplete="off" value={printer} onChange={(e) => setPrinter(e.target.value)} />}
      </Field>
      <ErrorNote error={save.error} />
      <button type="submit" className="primary" disabled={save.pending}>
        {t('setup.save')}
      </button>
      <p role="status" className="sr-only-when-empty">
        {saved ? t('setup.saved') : ''}
      </p>
    </form>
  );
}
