import type { Order } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';

/** docs/api.md §7.5: how large one order may grow, and how far back or ahead it may be dated. */
export const MAX_ORDER_LINES = 100;
export const MAX_ORDER_PHOTO_BYTES = 8 * 1024 * 1024;
export const EARLIEST_CREATED_ON = '2000-01-01T00:00:00.000Z';
/** A counter's clock may run this far ahead of the central's. */
export const CREATED_ON_AHEAD_MS = 5 * 60 * 1000;

/** The decoded size of a base64 data URI. */
export function photoBytes(uri: string): number {
  const data = uri.slice(uri.indexOf(',') + 1);
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

const orderPhotoBytes = (order: Order) =>
  order.orderLines
    .flatMap((line) => line.customerTokens ?? [])
    .reduce((sum, token) => sum + (token.personalAccountData?.photo ? photoBytes(token.personalAccountData.photo) : 0), 0);

/** Why an order (as it would be after a change) is over a limit; `pointer` points at what grew. */
export function limitErrors(order: Order, pointer: string): ProblemError[] {
  const errors: ProblemError[] = [];
  if (order.orderLines.length > MAX_ORDER_LINES) {
    errors.push({ detail: `an order may have at most ${MAX_ORDER_LINES} lines`, pointer });
  }
  if (orderPhotoBytes(order) > MAX_ORDER_PHOTO_BYTES) {
    errors.push({ detail: `the photos of an order may be at most ${MAX_ORDER_PHOTO_BYTES / 1024 / 1024} MiB together`, pointer });
  }
  return errors;
}

/** Why a `createdOn` is refused: before 2000 or more than 5 minutes after the clock. */
export function createdOnError(createdOn: string, now: Date): ProblemError[] {
  const at = Date.parse(createdOn);
  if (at >= Date.parse(EARLIEST_CREATED_ON) && at <= now.getTime() + CREATED_ON_AHEAD_MS) return [];
  return [{ detail: `createdOn must lie between ${EARLIEST_CREATED_ON} and 5 minutes from now`, pointer: '/createdOn' }];
}
