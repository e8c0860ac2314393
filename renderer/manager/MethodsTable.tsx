import type { MethodFigures } from '../../shared/manager/types';
import { useMethodName } from '../checkout/methodName';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';

/** Per payment method: what came in, what went back (with how many of each) and the net (or expected) amount. */
export function MethodsTable({ caption, methods, lastColumn }: { caption: string; methods: MethodFigures[]; lastColumn: string }) {
  const { t, money } = useI18n();
  const methodName = useMethodName();
  return (
    <table className="table">
      <caption>{caption}</caption>
      <TableHead
        columns={[
          t('day.method'),
          { label: t('day.payments'), num: true },
          { label: t('day.refunds'), num: true },
          { label: lastColumn, num: true },
        ]}
      />
      <tbody>
        {methods.map((m) => (
          <tr key={m.paymentMethodId}>
            <th scope="row">{methodName(m.paymentMethodId, m.name)}</th>
            <td className="num">
              {money(m.payments)} <span className="small muted">({m.paymentCount})</span>
            </td>
            <td className="num">
              {money(m.refunds)} <span className="small muted">({m.refundCount})</span>
            </td>
            <td className="num">{money(m.expected)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
