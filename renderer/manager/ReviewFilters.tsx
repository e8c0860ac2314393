import { useState, type FormEvent } from 'react';
import type { OrderFilters } from '../../shared/manager/schemas';
import type { SyncStateName } from '../../shared/manager/types';
import { SYNC_STATES } from '../../shared/manager/schemas';
import { useInvoke } from '../api/useInvoke';
import { Field } from '../common/Field';
import { useMethodName } from '../checkout/methodName';
import { useI18n } from '../i18n/i18n';
import { statusKey } from '../start/OrderList';
import { RangeFields, rangeProblem, type DayRange } from './RangePicker';

/** What the manager asks the order review for, as typed in its form. */
export interface ReviewFilters {
  from: string;
  to: string;
  statusId: string;
  staffId: string;
  productId: string;
  paymentMethodId: string;
  syncState: '' | SyncStateName;
  token: string;
}

export const emptyFilters = (day: string): ReviewFilters => ({
  from: day,
  to: day,
  statusId: '',
  staffId: '',
  productId: '',
  paymentMethodId: '',
  syncState: '',
  token: '',
});

const STATUS_IDS = [1, 2, 3, 4, 5, 6];

/** The filter form: a day or a range, and what the orders must have. Applied on submit. */
export function ReviewFilterForm({ initial, onApply }: { initial: ReviewFilters; onApply: (filters: ReviewFilters) => void }) {
  const { t } = useI18n();
  // The counter's own methods in the screen's language, not the catalogue's Dutch names.
  const methodName = useMethodName();
  const [f, setF] = useState(initial);
  const [tried, setTried] = useState(false);
  const catalog = useInvoke('catalog.get', {});
  const staff = useInvoke('staff.list', {});
  const problem = rangeProblem(f);
  const set = <K extends keyof ReviewFilters>(key: K, value: ReviewFilters[K]) => setF((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) onApply(f);
  };
  const select = (
    key: 'statusId' | 'staffId' | 'productId' | 'paymentMethodId' | 'syncState',
    label: string,
    any: string,
    options: { value: string; label: string }[],
  ) => (
    <Field id={`review-${key}`} label={label}>
      {(control) => (
        <select {...control} value={f[key]} onChange={(e) => set(key, e.target.value as never)}>
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form className="review-filters" role="search" aria-label={t('review.filters')} onSubmit={submit} noValidate>
      <RangeFields id="review" range={f} onChange={(r) => setF((old) => ({ ...old, ...r }))} showProblems={tried} />
      {select(
        'statusId',
        t('review.status'),
        t('review.anyStatus'),
        STATUS_IDS.map((id) => ({ value: String(id), label: t(`orderStatus.${statusKey(id)}`) })),
      )}
      {select(
        'staffId',
        t('review.clerk'),
        t('review.anyone'),
        (staff.value ?? []).map((s) => ({ value: s.staffId, label: s.name })),
      )}
      {select(
        'productId',
        t('review.product'),
        t('review.anyProduct'),
        (catalog.value?.products ?? []).map((p) => ({ value: String(p.productId), label: p.productName })),
      )}
      {select(
        'paymentMethodId',
        t('review.method'),
        t('review.anyMethod'),
        (catalog.value?.paymentMethods ?? []).map((m) => ({
          value: String(m.paymentMethodId),
          label: methodName(m.paymentMethodId, m.name),
        })),
      )}
      {select(
        'syncState',
        t('review.sync'),
        t('review.anySync'),
        SYNC_STATES.map((s) => ({ value: s, label: t(`syncState.${s}`) })),
      )}
      <Field id="review-token" label={t('review.token')} notes={[{ id: 'review-token-hint', text: t('review.tokenHint') }]}>
        {(control) => <input {...control} type="search" value={f.token} onChange={(e) => set('token', e.target.value)} />}
      </Field>
      <div className="row review-actions">
        <button type="submit" className="primary">
          {t('review.apply')}
        </button>
        <button
          type="button"
          onClick={() => {
            const cleared = emptyFilters(f.from);
            setF(cleared);
            setTried(false);
            onApply(cleared);
          }}
        >
          {t('review.clear')}
        </button>
      </div>
    </form>
  );
}

/** The form's filters as the main process's order filters: only what was chosen. */
export function orderFiltersOf(f: ReviewFilters): OrderFilters {
  const out: OrderFilters = {};
  if (f.statusId) out.statusIds = [Number(f.statusId)];
  if (f.staffId) out.staffId = f.staffId;
  if (f.productId) out.productId = Number(f.productId);
  if (f.paymentMethodId) out.paymentMethodId = Number(f.paymentMethodId);
  if (f.syncState) out.syncStates = [f.syncState];
  if (f.token.trim()) out.token = f.token.trim();
  return out;
}

/** The range of the form as the main process takes it. */
export const rangeOf = (f: DayRange): DayRange => ({ from: f.from, to: f.to });
