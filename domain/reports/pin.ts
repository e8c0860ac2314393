import type { PinTotals } from '../../shared/ipc/terminal';

/** PIN totals' net (docs/api.md §9.2): taken less given back, as the screen, the difference and the exports read it. */
export const pinNet = (t: PinTotals) => t.debitAmount - t.refundAmount;
