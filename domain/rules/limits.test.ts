import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/schemas/order';
import { draftOrder } from '../../server/testing/drafts';
import {
  CREATED_ON_AHEAD_MS,
  EARLIEST_CREATED_ON,
  MAX_ORDER_LINES,
  MAX_ORDER_PHOTO_BYTES,
  createdOnError,
  limitErrors,
  photoBytes,
} from './limits';

/** docs/api.md §7.5: the size of an order and the dates it may carry, each just inside and just outside. */

type OrderLine = Order['orderLines'][number];
type CustomerToken = NonNullable<OrderLine['customerTokens']>[number];

/** A base64 data URI that decodes to `bytes` bytes, with the padding base64 gives that length. */
function photoOf(bytes: number): string {
  const padding = (3 - (bytes % 3)) % 3;
  return `data:image/jpeg;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4 - padding)}${'='.repeat(padding)}`;
}

const draft = draftOrder().order;
const plainLine = draft.orderLines[0]!;
/** limitErrors reads only a token's photo, so the tokens here carry nothing else. */
const token = (photo: string | null) => ({ personalAccountData: photo === null ? null : { photo } }) as CustomerToken;
const lineWith = (customerTokens: CustomerToken[] | null): OrderLine => ({ ...plainLine, customerTokens });
const orderOf = (orderLines: OrderLine[]): Order => ({ ...draft, orderLines });

describe('photoBytes: the decoded size of a base64 data URI', () => {
  it('counts the data after the comma only, less one byte per padding sign', () => {
    expect(photoBytes('data:image/png;base64,QUJD')).toBe(3);
    expect(photoBytes('data:image/png;base64,QUI=')).toBe(2);
    expect(photoBytes('data:image/png;base64,QQ==')).toBe(1);
    expect(photoBytes('data:image/png;base64,QUJDREVG')).toBe(6);
  });

  it('reads padding at the end only, not an = sign in the header', () => {
    expect(photoBytes('data:image/png;name=a==;base64,QUJD')).toBe(3);
  });

  it('builds test photos of the size asked for', () => {
    expect([1, 2, 3, 4, 5, 6, 1000].map((n) => photoBytes(photoOf(n)))).toEqual([1, 2, 3, 4, 5, 6, 1000]);
  });
});

describe('limitErrors (docs/api.md §7.5)', () => {
  const lines = (n: number) => Array.from({ length: n }, () => plainLine);

  it(`takes ${MAX_ORDER_LINES} lines and refuses ${MAX_ORDER_LINES + 1}, pointing where it was asked to`, () => {
    expect(limitErrors(orderOf(lines(MAX_ORDER_LINES)), '/orderLines')).toEqual([]);
    expect(limitErrors(orderOf(lines(MAX_ORDER_LINES + 1)), '/orderLines/100')).toEqual([
      { detail: 'an order may have at most 100 lines', pointer: '/orderLines/100' },
    ]);
  });

  it('takes photos of exactly 8 MiB together across lines and tokens, and refuses one byte more', () => {
    const half = MAX_ORDER_PHOTO_BYTES / 2;
    const atLimit = orderOf([lineWith([token(photoOf(half)), token(null)]), lineWith(null), lineWith([token(photoOf(half))])]);
    expect(limitErrors(atLimit, '/orderLines')).toEqual([]);
    const over = orderOf([lineWith([token(photoOf(half)), token(null)]), lineWith(null), lineWith([token(photoOf(half + 1))])]);
    expect(limitErrors(over, '/orderLines/2/customerTokens')).toEqual([
      { detail: 'the photos of an order may be at most 8 MiB together', pointer: '/orderLines/2/customerTokens' },
    ]);
  });

  it('counts a token without personal data or without a photo as no bytes', () => {
    const photo = photoOf(MAX_ORDER_PHOTO_BYTES);
    const order = orderOf([lineWith([token(photo), { ...token(null), personalAccountData: { photo: null } } as CustomerToken])]);
    expect(limitErrors(order, '/orderLines')).toEqual([]);
  });

  it('gives both errors when an order is over both limits', () => {
    const over = orderOf([...lines(MAX_ORDER_LINES), lineWith([token(photoOf(MAX_ORDER_PHOTO_BYTES + 1))])]);
    expect(limitErrors(over, '/orderLines').map((e) => e.detail)).toEqual([
      'an order may have at most 100 lines',
      'the photos of an order may be at most 8 MiB together',
    ]);
  });
});

describe('createdOnError', () => {
  const now = new Date('2031-03-02T08:30:00.000Z');
  const refused = [{ detail: `createdOn must lie between ${EARLIEST_CREATED_ON} and 5 minutes from now`, pointer: '/createdOn' }];
  const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

  it('takes the first instant of 2000 and refuses the millisecond before it', () => {
    expect(createdOnError('2000-01-01T00:00:00.000Z', now)).toEqual([]);
    expect(createdOnError('1999-12-31T23:59:59.999Z', now)).toEqual(refused);
  });

  it('takes a time 5 minutes ahead of the clock and refuses a millisecond more', () => {
    expect(CREATED_ON_AHEAD_MS).toBe(5 * 60 * 1000);
    expect(createdOnError(shifted(now.toISOString(), CREATED_ON_AHEAD_MS), now)).toEqual([]);
    expect(createdOnError(shifted(now.toISOString(), CREATED_ON_AHEAD_MS + 1), now)).toEqual(refused);
  });

  it('refuses a text that is no date', () => {
    expect(createdOnError('yesterday', now)).toEqual(refused);
  });
});
