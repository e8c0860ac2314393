import { useI18n } from '../i18n/i18n';

/** Beside a line's quantity: how many of it were returned (docs/counter.md §19); nothing when none. */
export function ReturnedMark({ count }: { count: number }) {
  const { t } = useI18n();
  if (!(count > 0)) return null;
  return <span className="small returned-mark"> · {t('return.returned', { count })}</span>;
}
