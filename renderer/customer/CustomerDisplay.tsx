import { useEffect, useState } from 'react';
import type { CounterApi, CustomerView } from '../../shared/ipc';
import { receiptMoney } from '../../domain/receipts/words';
import { useDictionary } from '../i18n/dictionaries';
import '../styles/customer.css';

/**
 * The screen facing the customer (docs/api.md §9.4): the sale in progress, its lines, total,
 * amount due and change, in the customer's language; a welcome when no sale is open. The main
 * process pushes each change (display.changed); the page reads once at start. It shows amounts
 * and product names only: the view it gets holds no personal data.
 */
export function CustomerDisplay({ api }: { api: CounterApi }) {
  const [view, setView] = useState<CustomerView | null>(null);
  useEffect(() => {
    let pushed = false;
    const off = api.on('display.changed', (next) => {
      pushed = true;
      setView(next);
    });
    void api.invoke('display.current', {}).then((answer) => {
      if (answer.ok && !pushed) setView(answer.value);
    });
    return off;
  }, [api]);
  const language = view?.language ?? 'nl';
  const { dictionary } = useDictionary(language);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = dictionary?.messages['display.open'] ?? 'Counter';
  }, [language, dictionary]);
  if (!dictionary) return null;
  const words = dictionary.messages;
  const money = (cents: number) => receiptMoney(cents, language);

  if (!view || view.lines.length === 0) {
    return (
      <main className="customer-display customer-idle">
        <p className="customer-welcome">{words['display.welcome']}</p>
      </main>
    );
  }
  return (
    <main className="customer-display" aria-live="polite">
      <table className="customer-lines">
        <tbody>
          {view.lines.map((line, i) => (
            <tr key={i}>
              <td className="num">{line.quantity} ×</td>
              <td>{line.name}</td>
              <td className="num">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="customer-sums">
        <div>
          <dt>{words['display.total']}</dt>
          <dd data-sum="total">{money(view.total)}</dd>
        </div>
        {view.due > 0 && (
          <div className="customer-due">
            <dt>{words['display.due']}</dt>
            <dd data-sum="due">{money(view.due)}</dd>
          </div>
        )}
        {view.cashDue !== null && (
          <div className="customer-due">
            <dt>{words['display.cashDue']}</dt>
            <dd data-sum="cash-due">{money(view.cashDue)}</dd>
          </div>
        )}
        {view.change !== null && view.change > 0 && (
          <div className="customer-change">
            <dt>{words['display.change']}</dt>
            <dd data-sum="change">{money(view.change)}</dd>
          </div>
        )}
      </dl>
      {view.due === 0 && view.paid > 0 && <p className="customer-thanks">{words['display.thanks']}</p>}
    </main>
  );
}
