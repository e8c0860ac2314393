/**
 * Ending a season product early (docs/api.md §12.4): the quote's arithmetic, pure, for the
 * central's route and refund cap and for the counter's screen alike. Days are calendar days
 * in Europe/Amsterdam.
 */

/** A season product: one valid for at least this many days may be ended early. */
export const SEASON_MIN_DAYS = 28;

export const TIME_ZONE = 'Europe/Amsterdam';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) in Amsterdam at an instant. */
export function amsterdamDay(at: Date | string): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Calendar days from `from` to `to` (both YYYY-MM-DD): 0 for the same day, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

export interface QuoteInput {
  /** What one of the line cost, in cents. */
  amountInclTax: number;
  /** The line's validFrom (a UTC time stamp). */
  validFrom: string;
  /** The product's validityDays. */
  validityDays: number;
  /** The product's refundFeeInclTax (0 when absent). */
  fee: number;
  /** The day asked about (YYYY-MM-DD, in Amsterdam). */
  on: string;
}

export interface QuoteFigures {
  daysTotal: number;
  daysUsed: number;
  daysLeft: number;
  fee: number;
  refundable: number;
}

/**
 * daysUsed counts validFrom's day up to and including `on`, at most daysTotal (0 before the
 * first day); refundable is the whole amount while nothing was used, else the days left's
 * share (whole cents, rounded down) less the fee, never below 0.
 */
export function quoteFigures({ amountInclTax, validFrom, validityDays, fee, on }: QuoteInput): QuoteFigures {
  const daysTotal = validityDays;
  const sinceStart = daysBetween(amsterdamDay(validFrom), on);
  const daysUsed = sinceStart < 0 ? 0 : Math.min(daysTotal, sinceStart + 1);
  const daysLeft = daysTotal - daysUsed;
  const refundable = daysUsed === 0 ? amountInclTax : Math.max(0, Math.floor((amountInclTax * daysLeft) / daysTotal) - fee);
  return { daysTotal, daysUsed, daysLeft, fee, refundable };
}
