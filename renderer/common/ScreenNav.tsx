import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { focusSoon, useSale } from '../sale/saleStore';
import { NEW_SALE_KEYS } from '../start/GlobalKeys';

/** The row of ways out at the top of a screen; named "Sale navigation" unless `label` names it. */
export function ScreenNav({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <nav className={className ? `row screen-nav ${className}` : 'row screen-nav'} aria-label={label ?? t('nav.label')}>
      {children}
    </nav>
  );
}

/** "Start": back to the start screen, with the focus on `focus` when given. */
export function StartButton({ focus }: { focus?: string }) {
  const { t } = useI18n();
  const goTo = useSale((s) => s.goTo);
  return (
    <button
      type="button"
      onClick={() => {
        goTo('start');
        if (focus) focusSoon(focus);
      }}
    >
      {t('nav.start')}
    </button>
  );
}

/** "New sale", with its keys (F2, Alt+N) shown. */
export function NewSaleButton({ id, primary = false }: { id?: string; primary?: boolean }) {
  const { t } = useI18n();
  const newSale = useSale((s) => s.newSale);
  return (
    <button id={id} type="button" className={primary ? 'primary big' : undefined} aria-keyshortcuts={NEW_SALE_KEYS} onClick={newSale}>
      {t('start.newSale')} <kbd aria-hidden="true">F2</kbd>
    </button>
  );
}
