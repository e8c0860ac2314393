import type { Order } from '../../shared/schemas/order';
import { paymentStateName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { paymentState } from '../../domain/order/money';
import { MethodName } from './MethodName';
import { ibanLast4 } from './payments';

/** The order's payments with their latest status. */
export function PaymentsList({ order }: { order: Order }) {
  const { t, money, dateTime } = useI18n();
  if (order.payments.length === 0) return null;
  return (
    <table className="table">
      <caption>{t('payments.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('payments.method')}</th>
          <th scope="col">{t('payments.when')}</th>
          <th scope="col">{t('payments.status')}</th>
          <th scope="col" className="num">
            {t('payments.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.payments.map((p) => {
          const state = paymentState(p);
          return (
            <tr key={p.paymentId}>
              <td>
                <MethodName method={p.paymentMethod} />
                {p.mandateInput && <span className="muted"> · {t('iban.masked', { last: ibanLast4(p.mandateInput.iban) })}</span>}
              </td>
              <td>{dateTime(p.createdOn)}</td>
              <td>
                <span className={`badge ${state === 'SETTLED' ? 'badge-ok' : state === 'PENDING' ? 'badge-info' : 'badge-bad'}`}>
                  {paymentStateName(t, state)}
                </span>
              </td>
              <td className="num">{money(p.amountDebit)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
