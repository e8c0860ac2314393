import { useState, type FormEvent } from 'react';
import type { Order } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { DateInput } from '../common/DateInput';
import { Dialog } from '../common/Dialog';
import { ErrorNote } from '../common/ErrorNote';
import { StillNeeded } from '../common/StillNeeded';
import { focusSoon } from '../sale/saleStore';
import { useI18n, type MessageKey } from '../i18n/i18n';

const BILLING = 3;

const FIELDS = [
  ['birthname', 'customer.birthname', 'text'],
  ['prefix', 'customer.prefix', 'text'],
  ['surname', 'customer.surname', 'text'],
  ['emailAddress', 'customer.email', 'email'],
  ['dateOfBirth', 'customer.dateOfBirth', 'date'],
  ['street', 'customer.street', 'text'],
  ['houseNumber', 'customer.houseNumber', 'text'],
  ['houseNumberSuffix', 'customer.houseNumberSuffix', 'text'],
  ['postalCode', 'customer.postalCode', 'text'],
  ['city', 'customer.city', 'text'],
  ['country', 'customer.country', 'text'],
] as const satisfies readonly (readonly [string, MessageKey, string])[];

type Field = (typeof FIELDS)[number][0];
type Values = Record<Field, string>;
const OPTIONAL: Field[] = ['prefix', 'houseNumberSuffix'];

function initial(order: Order): Values {
  const c = order.orderCustomer;
  const a = c?.orderCustomerAddresses.find((x) => x.addressType.addressTypeId === BILLING) ?? c?.orderCustomerAddresses[0];
  return {
    birthname: c?.birthname ?? '',
    prefix: c?.prefix ?? '',
    surname: c?.surname ?? '',
    emailAddress: c?.emailAddress ?? '',
    dateOfBirth: c?.dateOfBirth ?? '',
    street: a?.street ?? '',
    houseNumber: a ? String(a.houseNumber) : '',
    houseNumberSuffix: a?.houseNumberSuffix ?? '',
    postalCode: a?.postalCode ?? '',
    city: a?.city ?? '',
    country: a?.country ?? 'NL',
  };
}

/**
 * The billing customer of the order (orders.setCustomer) with a billing address (type 3):
 * a line on the checkout, and the form as a step of its own over it.
 */
export function BillingCustomer({ order, required }: { order: Order; required: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const customer = order.orderCustomer;
  return (
    <section className="billing" aria-labelledby="customer-title">
      <h3 id="customer-title">{t('customer.title')}</h3>
      {customer ? (
        <p className="note note-ok">
          {t('customer.set', { name: [customer.birthname, customer.prefix, customer.surname].filter(Boolean).join(' ') })}
        </p>
      ) : (
        <p className="hint">{required ? t('customer.required') : t('customer.optional')}</p>
      )}
      <button
        id="billing-open"
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          focusSoon('customer-birthname');
        }}
      >
        {customer ? t('customer.change') : t('customer.add')}
      </button>
      {open && (
        <Dialog
          id="customer-dialog"
          title={t('customer.title')}
          wide
          onClose={() => {
            setOpen(false);
            focusSoon('billing-open');
          }}
        >
          <BillingCustomerForm
            order={order}
            onSaved={() => {
              setOpen(false);
              focusSoon('pay-directDebit');
            }}
          />
        </Dialog>
      )}
    </section>
  );
}

function fieldOk(field: Field, values: Values): boolean {
  const value = values[field].trim();
  if (OPTIONAL.includes(field)) return true;
  if (field === 'dateOfBirth') return /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (field === 'houseNumber') return Number.isInteger(Number(value)) && Number(value) > 0;
  if (field === 'country') return /^[A-Za-z]{2}$/.test(value);
  return value !== '';
}

function BillingCustomerForm({ order, onSaved }: { order: Order; onSaved: () => void }) {
  const { t } = useI18n();
  const [values, setValues] = useState<Values>(() => initial(order));
  const save = useAction('orders.setCustomer', onSaved);
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const houseNumber = Number(values.houseNumber);
  // Each field still empty or not right, by its label: said beside the disabled Save.
  const missing = FIELDS.filter(([f]) => !fieldOk(f, values)).map(([, label]) => t(label));
  const valid = missing.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    await save.run({
      orderId: order.orderId,
      customer: {
        birthname: values.birthname.trim(),
        prefix: values.prefix.trim(),
        surname: values.surname.trim(),
        emailAddress: values.emailAddress.trim(),
        dateOfBirth: values.dateOfBirth,
        orderCustomerAddresses: [
          {
            addressTypeId: BILLING,
            street: values.street.trim(),
            houseNumber,
            houseNumberSuffix: values.houseNumberSuffix.trim(),
            postalCode: values.postalCode.trim(),
            city: values.city.trim(),
            country: values.country.trim().toUpperCase(),
          },
        ],
      },
    });
  };

  return (
    <form className="grid-form" onSubmit={submit}>
      {FIELDS.map(([field, label, type]) => (
        <div className="field" key={field}>
          <label htmlFor={`customer-${field}`}>
            {t(label)}
            {OPTIONAL.includes(field) && <span className="hint"> ({t('common.optional')})</span>}
          </label>
          {type === 'date' ? (
            <DateInput id={`customer-${field}`} value={values[field]} onChange={(v) => set(field, v)} />
          ) : (
            <input
              id={`customer-${field}`}
              type={type}
              autoComplete="off"
              value={values[field]}
              onChange={(e) => set(field, e.target.value)}
            />
          )}
        </div>
      ))}
      <ErrorNote error={save.error} />
      <button type="submit" className="primary" disabled={!valid || save.pending} aria-describedby={valid ? undefined : 'customer-missing'}>
        {t('customer.save')}
      </button>
      <StillNeeded id="customer-missing" items={missing} />
    </form>
  );
}
