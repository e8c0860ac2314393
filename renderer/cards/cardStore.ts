import { create } from 'zustand';

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

export const useCardService = create<{ replacing: Replacing | null; transitTokenId: number | null }>(() => ({
  replacing: null,
  transitTokenId: null,
}));
