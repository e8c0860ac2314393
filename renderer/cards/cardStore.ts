import { create } from 'zustand';
import type { ReplacementAnswer } from '../../shared/schemas/cards';

/**
 * A replacement on its way (docs/counter.md §22.3): the card and the new pass number, and the
 * fee's order once it is sold. It outlives the card service screen while the fee is paid at the
 * checkout like any sale, and is taken up again when the clerk comes back.
 */
export interface Replacing {
  transitTokenId: number;
  passNumber: string;
  feeOrderId: string | null;
}

/**
 * The card chosen, a replacement on its way, the last replacement's answer (its receipt stays after
 * the card is replaced) and the last season ended early's refund words (they stay after the
 * season leaves the running products).
 */
export const useCardService = create<{
  replacing: Replacing | null;
  transitTokenId: number | null;
  replaced: ReplacementAnswer | null;
  ended: { transitTokenId: number; text: string } | null;
}>(() => ({ replacing: null, transitTokenId: null, replaced: null, ended: null }));
