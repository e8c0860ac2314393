/**
 * Why a terminal said no (nexo ErrorCondition, docs/api.md §9.2), spelled as nexo and Adyen's
 * @adyen/api-library spell them (ErrorConditionType; terminalErrors.test.ts holds the two equal);
 * the screens word each in Dutch and English. A file of its own, without imports: the checkout's
 * chunk reads it, and the library stays out of the renderer.
 */
export const TERMINAL_ERRORS = [
  'Aborted',
  'Busy',
  'Cancel',
  'DeviceOut',
  'InProgress',
  'InsertedCard',
  'InvalidCard',
  'LoggedOut',
  'MessageFormat',
  'NotAllowed',
  'NotFound',
  'PaymentRestriction',
  'Refusal',
  'UnavailableDevice',
  'UnavailableService',
  'UnreachableHost',
  'WrongPIN',
] as const;
export type TerminalError = (typeof TERMINAL_ERRORS)[number];
