import { useEffect, useRef } from 'react';
import { useSale } from '../sale/saleStore';

/** The field a scan fills on the card service when it has the focus: the replacement's new card. */
export const NEW_PASS_FIELD = 'replace-pass';

/**
 * A scanner burst on the card service (docs/counter.md §22.1): renderer/tokens/ScannerListener
 * leaves it in the sale store without leaving the screen. `where` says which scans this caller
 * takes: those made while the new card's field has the focus, or all the others. A scan made
 * before the caller was on screen is not taken.
 */
export function useScanned(take: (value: string) => void, where: 'newPass' | 'elsewhere'): void {
  const scan = useSale((s) => s.scan);
  const seen = useRef(scan?.seq ?? 0);
  const takeRef = useRef(take);
  takeRef.current = take;
  useEffect(() => {
    if (!scan || scan.seq === seen.current) return;
    seen.current = scan.seq;
    const inNewPass = document.activeElement?.id === NEW_PASS_FIELD;
    if (inNewPass === (where === 'newPass')) takeRef.current(scan.value);
  }, [scan, where]);
}
