import { useInvoke } from '../api/useInvoke';
import { useI18n } from '../i18n/i18n';

export const DAY_CLOSED_NOTE_ID = 'day-closed-note';

/**
 * Whether the day sales go into is closed (docs/counter.md §17): read as the start screen opens
 * and each minute (the day may change at midnight), so a clerk is told before any sale is tried.
 */
export function useDayClosed(): string | null {
  const today = useInvoke('cash.today', {}, { staleTime: 0, refetchInterval: 60_000 });
  return today.value?.closed ? today.value.businessDate : null;
}

export function DayClosedNotice({ businessDate }: { businessDate: string }) {
  const { t, date } = useI18n();
  return (
    <p className="note note-warn" role="status" id={DAY_CLOSED_NOTE_ID}>
      {t('start.dayClosed', { day: date(businessDate) })}
    </p>
  );
}
