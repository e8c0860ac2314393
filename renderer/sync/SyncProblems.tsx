import { useQueryClient } from '@tanstack/react-query';
import type { SyncProblem } from '../../shared/manager/types';
import { REFUSAL_TEXT, type RefusalCode } from '../../shared/refusals';
import { queryKeys, syncStatusChanged, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { describeProblem } from '../common/problems';
import { useI18n, type I18n } from '../i18n/i18n';
import { openManager } from '../manager/navigation';
import { useSale } from '../sale/saleStore';
import { screenForStatus, statusKey } from '../start/OrderList';

/**
 * The manager's view of sync health: every order the central does not have in its latest
 * state (refused by it, set aside after failing, or still waiting), with the central's reasons;
 * send again what the central refused (once its cause is fixed) or sync set aside, one or all
 * (a waiting order goes by itself); an order that cannot be fixed is refunded or cancelled from
 * its detail.
 * Each act is recorded in the audit trail by the main process.
 */
export function SyncProblems() {
  const { t } = useI18n();
  const client = useQueryClient();
  const problems = useInvoke('sync.problems', {}, { staleTime: 0 });
  const retry = useAction('sync.retry', (status) => {
    syncStatusChanged(client, status);
    void client.invalidateQueries({ queryKey: queryKeys.channel('sync.problems') });
  });
  const rows = problems.value ?? [];
  const retryable = rows.filter((p) => p.kind !== 'unsent');
  return (
    <section className="card" aria-labelledby="sync-problems-title">
      <h3 id="sync-problems-title">{t('health.title')}</h3>
      <ErrorNote error={problems.error} />
      {problems.value && rows.length === 0 && <p className="note note-ok">{t('health.none')}</p>}
      {rows.length > 0 && (
        <ul className="plain stack" aria-labelledby="sync-problems-title">
          {rows.map((problem) => (
            <ProblemItem
              key={problem.orderId}
              problem={problem}
              retrying={retry.pending}
              onRetry={() => void retry.run({ orderId: problem.orderId })}
            />
          ))}
        </ul>
      )}
      {retryable.length > 0 && (
        <button type="button" disabled={retry.pending} onClick={() => void retry.run({})}>
          {t('setAside.retryAll')}
        </button>
      )}
      <ErrorNote error={retry.error} />
    </section>
  );
}

function lastErrorText(refusal: I18n['refusal'], error: string): string {
  return error in REFUSAL_TEXT ? refusal(error as RefusalCode) : error;
}

function ProblemItem({ problem, retrying, onRetry }: { problem: SyncProblem; retrying: boolean; onRetry: () => void }) {
  const { t, refusal, money, dateTime } = useI18n();
  const openOrder = useSale((s) => s.openOrder);
  const titleId = `problem-${problem.orderId}`;
  const number = problem.orderNumber;
  return (
    <li className="panel" aria-labelledby={titleId}>
      <h4 id={titleId}>
        {t('syncPanel.order', { number })} <span className="badge badge-warn">{t(`health.kind.${problem.kind}`)}</span>
      </h4>
      <p>
        {t('health.facts', {
          since: dateTime(problem.since),
          attempts: problem.attempts,
          total: money(problem.totalAmount),
          status: t(`orderStatus.${statusKey(problem.statusId)}`),
        })}
      </p>
      {problem.reasons.length > 0 && (
        <ul aria-label={t('syncPanel.reasons')}>
          {problem.reasons.map((r, i) => (
            <li key={i}>{describeProblem(t, r.detail, r.pointer)}</li>
          ))}
        </ul>
      )}
      {problem.lastError && <p>{t('health.lastError', { error: lastErrorText(refusal, problem.lastError) })}</p>}
      <div className="row">
        {problem.kind !== 'unsent' && (
          <button type="button" disabled={retrying} onClick={onRetry}>
            {t('setAside.retry', { number })}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            openManager('orders', problem.orderId);
          }}
        >
          {t('health.fix', { number })}
        </button>
        <button type="button" onClick={() => openOrder(problem.orderId, screenForStatus(problem.statusId))}>
          {t('orders.open', { number })}
        </button>
      </div>
    </li>
  );
}
