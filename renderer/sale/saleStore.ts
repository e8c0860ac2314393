import { create } from 'zustand';
import type { TransitTokenRecord } from '../../shared/schemas/reference';
import type { MethodKind } from '../checkout/payments';
import { keyQueue } from '../common/pageKeys';

/** The sale flow's state: where the clerk is, the order being sold, the chosen token. */

export type Screen = 'start' | 'sale' | 'checkout' | 'receipt' | 'settings' | 'sync' | 'manager' | 'cards';

export type ChosenToken =
  | { kind: 'registered'; record: TransitTokenRecord }
  | { kind: 'anonymous'; tokenTypeId: number; passNumber: string; verificationCode: string };

export type LineTask = 'choose-product' | 'start-date' | 'personal' | 'quantity';

export interface SaleState {
  screen: Screen;
  orderId: string | null;
  /** The product shown in the product card, ready to be added. */
  selectedProductId: number | null;
  /** The token the next lines are sold on. */
  token: ChosenToken | null;
  /** A line waiting for a token: the next chosen token goes onto it. */
  tokenTargetLineId: string | null;
  /** The line being edited, and what for. */
  editing: { lineId: string; task: LineTask } | null;
  /** The last scanned code, for the token search (seq makes a repeated scan new). */
  scan: { value: string; seq: number } | null;
  paymentMethod: MethodKind | null;
  /** The method of the last payment at this counter: the next checkout opens with it ready. */
  lastMethod: MethodKind;
  /** The line the last touch added at once, until the next action: "Undo" takes it back. */
  undo: { lineId: string; productName: string } | null;
  /**
   * Counts sales: the sale screen is keyed by it, so a new sale (or another order) mounts every
   * panel afresh and nothing of the previous customer (a token search, its matches) remains.
   */
  saleSeq: number;
  /**
   * A new sale or logging out was asked for while a sale is open ('new', 'logout'), or logging
   * out while other sales of the counter are unfinished ('logout-list'): the clerk chooses
   * first (park it, cancel it, or go back; docs/counter.md §12). No sale is dropped unseen.
   */
  leaving: 'new' | 'logout' | 'logout-list' | null;
  /** The order being delivered by itself after its full payment: its checkout offers no "Deliver" meanwhile. */
  delivering: string | null;

  /** F2, Alt+N, "New sale": a new sale, or first the question what happens to the open one. */
  newSale(): void;
  /** A new sale at once (the open one was parked, cancelled or is finished). */
  startNewSale(): void;
  askLeave(reason: SaleState['leaving']): void;
  openOrder(orderId: string, screen: Screen): void;
  goTo(screen: Screen): void;
  setOrderId(orderId: string): void;
  selectProduct(productId: number | null): void;
  chooseToken(token: ChosenToken | null): void;
  targetLineForToken(lineId: string | null): void;
  edit(lineId: string, task: LineTask): void;
  stopEditing(): void;
  scanned(value: string): void;
  choosePayment(kind: MethodKind | null): void;
  offerUndo(undo: SaleState['undo']): void;
}

const fresh = {
  orderId: null,
  selectedProductId: null,
  token: null,
  tokenTargetLineId: null,
  editing: null,
  paymentMethod: null,
  undo: null,
  leaving: null,
} satisfies Partial<SaleState>;

/** A sale on the screen that is not finished yet: leaving it must not drop it unseen. */
export const saleOpen = (s: Pick<SaleState, 'orderId' | 'screen'>): boolean =>
  s.orderId !== null && (s.screen === 'sale' || s.screen === 'checkout');

export const useSale = create<SaleState>()((set, get) => ({
  screen: 'start',
  scan: null,
  lastMethod: 'cash',
  saleSeq: 0,
  delivering: null,
  ...fresh,
  newSale: () => {
    const state = get();
    if (state.leaving !== null) return;
    if (saleOpen(state)) set({ leaving: 'new' });
    else state.startNewSale();
  },
  askLeave: (leaving) => set({ leaving }),
  startNewSale: () => {
    set((s) => ({ ...fresh, scan: null, saleSeq: s.saleSeq + 1, screen: 'sale' }));
    // Typing goes somewhere at once: the product search (where a lone digit is a quick key).
    focusSoon('product-search');
  },
  openOrder: (orderId, screen) => set((s) => ({ ...fresh, scan: null, saleSeq: s.saleSeq + 1, orderId, screen })),
  goTo: (screen) => set({ screen }),
  setOrderId: (orderId) => set({ orderId }),
  selectProduct: (selectedProductId) => set({ selectedProductId }),
  chooseToken: (token) => set({ token }),
  targetLineForToken: (tokenTargetLineId) => set({ tokenTargetLineId }),
  edit: (lineId, task) => set({ editing: { lineId, task } }),
  stopEditing: () => set({ editing: null }),
  scanned: (value) => set((s) => ({ scan: { value, seq: (s.scan?.seq ?? 0) + 1 } })),
  choosePayment: (paymentMethod) => set(paymentMethod ? { paymentMethod, lastMethod: paymentMethod } : { paymentMethod }),
  offerUndo: (undo) => set({ undo }),
}));

/**
 * Moves the focus to an element once React has drawn it and it can take the focus: an answer
 * from main may draw it a few frames later (the Pay button opens when the order is complete).
 * Gives up after about half a second; a newer call replaces an older one. It keeps to the
 * document it was asked in, which outlives the global a test environment removes at its end.
 * An element of a part that loads on demand is looked for once `after` (the part's load) is done.
 */
let focusRun = 0;
let focusDone = 0;
/** A focusSoon is still looking for its element (the focus guard leaves the focus to it). */
export const focusPending = (): boolean => focusDone < focusRun;
export function focusSoon(id: string, after?: Promise<unknown>): void {
  const run = ++focusRun;
  // Keys typed until then are for the element this moves to (docs/counter.md §12).
  const hold = keyQueue.hold();
  const release = () => {
    if (run === focusRun) focusDone = run;
    hold();
  };
  const doc = document;
  let frames = 30;
  const attempt = () => {
    if (run !== focusRun) return release();
    const el = doc.getElementById(id);
    if (el && !(el as HTMLButtonElement).disabled) {
      el.focus();
      el.scrollIntoView?.({ block: 'nearest' });
      release();
    } else if (frames-- > 0) {
      setTimeout(attempt, 16);
    } else {
      release();
    }
  };
  const start = () => setTimeout(attempt, 0);
  // A part that cannot load has nothing to focus; its slot says so.
  if (after) after.then(start, release);
  else start();
}
