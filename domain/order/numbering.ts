/**
 * How an order's number is made from the store's sequence: as data rather than a function, so
 * that a store whose writes run on another thread (PostgreSQL's writer) can make it there,
 * inside the write's transaction.
 */
export interface OrderNumbering {
  prefix: string;
  /** Added to the sequence's value. */
  offset: number;
  /** The number's digits are padded with zeros to at least this many. */
  digits: number;
}

/** The central's numbering: 100000001, 100000002, ... */
export const CENTRAL_NUMBERING: OrderNumbering = { prefix: '', offset: 100_000_000, digits: 0 };

export const orderNumberOf = (numbering: OrderNumbering, sequence: number): string =>
  numbering.prefix + String(numbering.offset + sequence).padStart(numbering.digits, '0');
