/**
 * Why a terminal said no (nexo ErrorCondition, docs/api.md §9.2); the screens word each in Dutch
 * and English. A file of its own, without imports: the checkout's chunk reads it.
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
  'WrongPin',
] as const;
export type TerminalError = (typeof TERMINAL_ERRORS)[number];
