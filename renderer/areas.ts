import { area, type Area } from './common/area';
import { useSale } from './sale/saleStore';

/**
 * The parts of the renderer that load on demand (renderer/README, "Loading by area"), each in
 * chunks of its own: everything else, from login to the sale screen, is the first load.
 */
export const areas = {
  /** Paying and the receipt. */
  checkout: area(async () => {
    const [checkout, receipt] = await Promise.all([import('./checkout/CheckoutScreen'), import('./checkout/ReceiptScreen')]);
    return { ...checkout, ...receipt };
  }),
  /** A direct debit's mandate, with ibantools. */
  directDebit: area(() => import('./checkout/DirectDebitPanel')),
  /** The traveller's personal data: birthdate, e-mail challenge, camera and photo. */
  personal: area(() => import('./personal/PersonalDataForm')),
  /** The manager's day: order review (with @tanstack/react-virtual), drawer, reports, audit. */
  manager: area(() => import('./manager/ManagerScreen')),
  settings: area(() => import('./settings/SettingsScreen')),
  /** The sync panel, and the start screen's list of the orders the central refused: rare, never in a sale's way. */
  sync: area(() => import('./sync/SyncPanel')),
  /** A line's editor (quantity, start date, variant, birthdate): opened from a line, fetched with the sale's parts. */
  lineEditor: area(() => import('./sale/LineEditor')),
  /** The card service (docs/counter.md §22): blocks, replacements, seasons ended early; rare, loaded when opened. */
  cards: area(() => import('./cards/CardServiceScreen')),
  /** Setting up a new counter's first manager: once per installation. */
  firstRun: area(() => import('./start/FirstRunScreen')),
};

/** What a sale may open next: fetched as the sale screen opens, so that nothing in a sale waits. */
export const SALE_PARTS: readonly Area<unknown>[] = [areas.checkout, areas.directDebit, areas.personal, areas.lineEditor];

/**
 * Goes to a part's screen (`go`) once its code is in, so that the screen is drawn at once rather
 * than after its slot's "Loading…". If the clerk went elsewhere meanwhile, it does not; a part
 * that cannot load is gone to all the same, and its slot says so.
 */
export function openWhenLoaded(part: Area<unknown>, go: () => void): void {
  if (part.isLoaded()) return go();
  const { screen, saleSeq } = useSale.getState();
  const stillHere = () => {
    const now = useSale.getState();
    if (now.screen === screen && now.saleSeq === saleSeq) go();
  };
  part.load().then(stillHere, stillHere);
}
