import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { CashMoveForm, MovementTable, NoSaleForm } from './CashMoves';
import { DrawerSessions } from './DrawerSessions';

/** The open day's drawer (docs/counter.md §17): its sessions, cash moved without a sale, "no sale". Managers only. */
export function DrawerPanel() {
  const { t } = useI18n();
  const drawer = useInvoke('cash.drawer', {}, { staleTime: 0 });
  const d = drawer.value;
  return (
    <section className="card stack" aria-labelledby="drawer-title">
      <h3 id="drawer-title">{t('drawer.title')}</h3>
      <ErrorNote error={drawer.error} />
      {d && (
        <>
          <DrawerSessions drawer={d} />
          <CashMoveForm />
          <NoSaleForm />
          {d.movements.length === 0 ? (
            <p className="muted">{t('drawer.noMovements')}</p>
          ) : (
            <MovementTable movements={d.movements} caption={t('drawer.movements')} />
          )}
        </>
      )}
    </section>
  );
}
