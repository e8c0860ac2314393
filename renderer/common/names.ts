import type { MessageKey, Params } from '../i18n/i18n';

/** The enumerations of the order interface (docs/api.md §0.2, §0.3) in the counter's language. */

type T = (key: MessageKey, params?: Params) => string;

const isIn = <N extends number | string>(ids: readonly N[], id: number | string): id is N =>
  (ids as readonly (number | string)[]).includes(id);

export function tokenTypeName(t: T, id: number): string {
  return isIn([1, 2, 3] as const, id) ? t(`tokenType.${id}`) : String(id);
}

export function tokenStatusName(t: T, id: number): string {
  return isIn([1, 2, 3, 4, 5, 6] as const, id) ? t(`tokenStatus.${id}`) : String(id);
}

export function mandateTypeName(t: T, id: number): string {
  return isIn([1, 2, 3, 4, 5] as const, id) ? t(`mandateType.${id}`) : String(id);
}

export function paymentStateName(t: T, code: string): string {
  return isIn(['PENDING', 'SETTLED', 'FAILED', 'CANCELLED'] as const, code) ? t(`paymentState.${code}`) : code;
}
