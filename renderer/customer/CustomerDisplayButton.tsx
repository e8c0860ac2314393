import { useCounter } from '../api/counter';
import { useI18n } from '../i18n/i18n';

/** The page that faces the customer (docs/api.md §9.4): the shell's own page /customer, opened in a window of its own. */
export const CUSTOMER_PAGE = '/customer';

/**
 * Opens the customer display from the counter. Only the browser shell: Electron puts the
 * display on the second screen by itself, and opens no windows from the page.
 */
export function CustomerDisplayButton() {
  const { t } = useI18n();
  const api = useCounter();
  if (api.shell !== 'browser') return null;
  return (
    <button type="button" onClick={() => window.open(CUSTOMER_PAGE, 'counter-customer-display', 'popup,width=800,height=600')}>
      {t('display.open')}
    </button>
  );
}
