import { useState } from 'react';
import type { AuditEntry } from '../../shared/manager/types';
import { useInvokePages } from '../api/useInvokePages';
import { ErrorNote } from '../common/ErrorNote';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';
import { auditAct } from '../../shared/manager/auditText';
import { useMethodName } from '../checkout/methodName';
import { useBusinessDay } from './businessDay';
import { ExportButtons } from './ExportButtons';
import { openManager } from './navigation';
import { RangePicker, type DayRange } from './RangePicker';

/** Who did what, when, to which order: the acts that move money, close a day or take data out, and every refused attempt. */
export function AuditTrail() {
  const today = useBusinessDay();
  return today ? <Audit today={today} /> : null;
}

function Audit({ today }: { today: string }) {
  const { t } = useI18n();
  const [range, setRange] = useState<DayRange>({ from: today, to: today });
  const pages = useInvokePages('audit.list', { range });
  return (
    <section className="card audit" aria-labelledby="audit-title">
      <h3 id="audit-title" className="sr-only">
        {t('manager.part.audit')}
      </h3>
      <RangePicker id="audit" initial={range} onApply={setRange} label={t('audit.range')} />
      <ExportButtons report={{ report: 'audit', range }} label={t('manager.part.audit')} />
      <ErrorNote error={pages.error} />
      {pages.isLoading && <p role="status">{t('common.loading')}</p>}
      {pages.first && pages.rows.length === 0 && <p className="muted">{t('audit.none')}</p>}
      {pages.rows.length > 0 && (
        <table className="table">
          <caption className="sr-only">{t('manager.part.audit')}</caption>
          <TableHead
            columns={[t('audit.when'), t('audit.who'), t('audit.what'), t('audit.order'), t('audit.outcome'), t('audit.detail')]}
          />
          <tbody>
            {pages.rows.map((entry) => (
              <AuditRow key={entry.seq} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      {pages.hasMore && (
        <button type="button" onClick={pages.loadMore} disabled={pages.loadingMore}>
          {t('audit.more')}
        </button>
      )}
    </section>
  );
}

/** A refusal recorded before its parameters were kept cannot fill its sentence: the outcome alone, never a {placeholder}. */
const refusedWords = (sentence: string, bare: string) => (/\{\w+\}/.test(sentence) ? bare : sentence);

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, lang, refusal, dateTime, money, date } = useI18n();
  const method = useMethodName();
  const refused = entry.detail?.refused;
  const detail = refused ? refusedWords(refusal(refused, entry.detail?.params), t('audit.refused')) : entry.detail?.note;
  return (
    <tr>
      <td>{dateTime(entry.at)}</td>
      <td>{entry.actor?.name ?? t('event.bySystem')}</td>
      <td>{auditAct(entry, lang, { money, method, date })}</td>
      <td>
        {entry.orderId && (
          <button
            type="button"
            onClick={() => {
              openManager('orders', entry.orderId);
            }}
          >
            {t('audit.openOrder')}
          </button>
        )}
      </td>
      <td>
        <span className={`badge ${entry.outcome === 'refused' ? 'badge-warn' : 'badge-ok'}`}>{t(`audit.${entry.outcome}`)}</span>
      </td>
      <td>{detail}</td>
    </tr>
  );
}
