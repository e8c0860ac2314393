import { CLOCK_OFF_MS } from '../../shared/clock';
import type { I18n } from '../i18n/i18n';

/** The sentence about a counter's clock more than 2 minutes off the central's, or null when it is right or not measured. */
export function clockWarning(t: I18n['t'], offsetMs: number | null): string | null {
  if (offsetMs === null || Math.abs(offsetMs) <= CLOCK_OFF_MS) return null;
  const off = Math.abs(offsetMs);
  const minutes = Math.round(off / 60_000);
  const hours = Math.round(off / 3_600_000);
  const amount =
    minutes < 120
      ? t('fleet.minutes', { n: minutes })
      : hours < 48
        ? t('fleet.hours', { n: hours })
        : t('fleet.days', { n: Math.round(off / 86_400_000) });
  return t(offsetMs > 0 ? 'fleet.clockAhead' : 'fleet.clockBehind', { amount });
}
