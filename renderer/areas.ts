import { area } from './common/area';

/**
 * The parts of the renderer that load on demand (renderer/README, "Loading by area"), each in
 * chunks of its own: everything else, the sale from login to receipt, is the first load.
 */
export const areas = {
  /** Paying and the receipt: fetched as the sale screen opens, so that Pay does not wait for it. */
  checkout: area(async () => {
    const [checkout, receipt] = await Promise.all([import('./checkout/CheckoutScreen'), import('./checkout/ReceiptScreen')]);
    return { ...checkout, ...receipt };
  }),
  /** The manager's day: order review (with @tanstack/react-virtual), drawer, reports, audit. */
  manager: area(() => import('./manager/ManagerScreen')),
  settings: area(() => import('./settings/SettingsScreen')),
  sync: area(() => import('./sync/SyncPanel')),
  /** The traveller's personal data: birthdate, e-mail challenge, camera and photo. */
  personal: area(() => import('./personal/PersonalDataForm')),
  /** A direct debit's mandate, with ibantools. */
  directDebit: area(() => import('./checkout/DirectDebitPanel')),
  /** Setting up a new counter's first manager: once per installation. */
  firstRun: area(() => import('./start/FirstRunScreen')),
};
