import type { StaffMember } from '../../shared/ipc';
import { ScreenNav, StartButton } from '../common/ScreenNav';
import { useI18n } from '../i18n/i18n';
import { AuditTrail } from './AuditTrail';
import { DayPanel } from './DayPanel';
import { MANAGER_OPEN_ID, MANAGER_PARTS, MANAGER_TITLE_ID, openManager, useManagerNav } from './navigation';
import { OrderReview } from './OrderReview';
import { ReportsPanel } from './ReportsPanel';

/**
 * The manager's day: the orders (review, detail, refund, cancel), the cash drawer and the day
 * close, the reports and the audit trail. Drawn for managers only; the main process refuses
 * every one of its calls to anyone else as well.
 */
export function ManagerScreen({ clerk }: { clerk: StaffMember }) {
  const { t } = useI18n();
  const part = useManagerNav((s) => s.part);
  if (clerk.role !== 'manager') return <p className="note note-warn">{t('manager.only')}</p>;
  return (
    <div className="manager">
      <ScreenNav label={t('manager.nav')}>
        <StartButton focus={MANAGER_OPEN_ID} />
        {MANAGER_PARTS.map((p) => (
          <button key={p} type="button" aria-current={p === part ? 'page' : undefined} onClick={() => openManager(p)}>
            {t(`manager.part.${p}`)}
          </button>
        ))}
      </ScreenNav>
      <h2 id={MANAGER_TITLE_ID} tabIndex={-1} className="manager-title">
        {t(`manager.part.${part}`)}
      </h2>
      {part === 'orders' && <OrderReview />}
      {part === 'day' && <DayPanel />}
      {part === 'reports' && <ReportsPanel />}
      {part === 'audit' && <AuditTrail />}
    </div>
  );
}

/** The start screen offers a manager the open orders of earlier days from this chunk (renderer/areas.ts). */
export { StaleConcepts } from './StaleConcepts';
export { ManagerWays } from './ManagerWays';

/** A clerk's receipt screen offers tickets back from this chunk (docs/counter.md §19). */
export { ReturnAtTill } from './ReturnAtTill';
