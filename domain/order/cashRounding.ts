/**
 * Dutch cash rounding (docs/api.md §10.1): cash changing hands is rounded to 5 cents. The last
 * digit 1–2 goes down to 0, 3–4 up to 5, 6–7 down to 5, 8–9 up to the next 10: the nearest
 * multiple of 5, never a tie. The order's amounts stay exact; only the cash handed over is
 * rounded, and the difference (rounded − exact) is kept with the payment. One rule for the
 * main process, the renderer and the reports: nowhere else is it restated.
 */

/** The cash amount for an exact amount in cents (any sign: a refund rounds like a payment). */
export function roundCash(cents: number): number {
  // Math.round rounds halves up, which a negative amount must mirror; + 0 turns −0 into 0.
  return (cents < 0 ? -roundCash(-cents) : Math.round(cents / 5) * 5) + 0;
}

/** The amount that changes hands: rounded when rounding is on, exact when it is off. */
export const cashDue = (cents: number, rounding: boolean): number => (rounding ? roundCash(cents) : cents);

/** A cash payment or refund as it changes hands (docs/api.md §10.1), in cents. */
export interface CashHandover {
  /** The order's amount of it, exact. */
  exact: number;
  /** What rounding added: handed − exact (0 when rounding is off or changes nothing). */
  rounding: number;
  /** The cash that changes hands for it: taken for a payment, given back for a refund. */
  handed: number;
  /** A payment's: the cash the customer handed over; null when not known (or a refund). */
  tendered: number | null;
  /** A payment's: the change handed back (tendered − handed); null when the tendered is not known. */
  change: number | null;
}

/**
 * The one decision of each cash amount that changes hands (docs/counter.md §17): the checkout,
 * the receipt, the customer display, the journal, X, Z and the drawer's count all take it here.
 * `rounding`: whether rounding applies to it (the setting before it is taken; afterwards, the
 * rounding recorded with it, see `roundedAsRecorded`).
 */
export function cashHandover(exact: number, rounding: boolean, tendered: number | null = null): CashHandover {
  const handed = cashDue(exact, rounding);
  return { exact, rounding: handed - exact, handed, tendered, change: tendered === null ? null : tendered - handed };
}

/** Whether a taken payment was rounded, from the rounding recorded with it: none recorded, none made. */
export const roundedAsRecorded = (recorded: number | null | undefined): boolean => (recorded ?? 0) !== 0;
