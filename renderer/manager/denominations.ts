import { DENOMINATIONS, DUTCH_DENOMINATIONS, type CashCount } from '../../shared/manager/schemas';
import { useInvoke } from '../api/useInvoke';

/** The drawer's notes and coins as typed: a count per denomination (cents), as text. */
export type DenominationCounts = Partial<Record<string, string>>;

/** The smallest euro note is €5: below it, coins. */
export const isNote = (cents: number) => cents >= 500;

/** A typed count as a whole number of pieces; null when it is not one. An empty field is none. */
export function pieces(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return 0;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/** What was typed as the main process takes it; null while a field holds no whole number. */
export function cashCountOf(counts: DenominationCounts): CashCount | null {
  const out: CashCount = {};
  for (const d of DENOMINATIONS) {
    const n = pieces(counts[String(d)]);
    if (n === null) return null;
    if (n > 0) out[String(d)] = n;
  }
  return out;
}

/** The denominations whose field holds no whole number of pieces. */
export const badCounts = (counts: DenominationCounts) => DENOMINATIONS.filter((d) => pieces(counts[String(d)]) === null);

export { DENOMINATIONS };

/** The notes and coins a count offers: the setting (docs/counter.md §17), the Dutch ones until it is read. */
export function useOfferedDenominations(): readonly number[] {
  return useInvoke('settings.get', {}).value?.denominations ?? DUTCH_DENOMINATIONS;
}
