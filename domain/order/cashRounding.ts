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

/** The signed difference rounding makes: rounded − exact, between −2 and +2 cents. */
export const cashRoundingDifference = (cents: number): number => roundCash(cents) - cents;

/** The amount that changes hands: rounded when rounding is on, exact when it is off. */
export const cashDue = (cents: number, rounding: boolean): number => (rounding ? roundCash(cents) : cents);
