import { useInvoke } from '../api/useInvoke';
import { localDate } from '../sale/dates';

/**
 * Today as the counter counts it: the business day of its time zone (Europe/Amsterdam by
 * default), which the main process answers; the screen's own clock may be in another zone.
 * Undefined until known; the screen's local date when the main process cannot say.
 */
export function useBusinessDay(): string | undefined {
  const status = useInvoke('day.status', {}, { staleTime: 60_000 });
  if (status.value) return status.value.businessDate;
  return status.error ? localDate(new Date()) : undefined;
}
