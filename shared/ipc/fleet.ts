/** The counter in a fleet (docs/api.md §11, docs/counter.md §18). */

/** A counter's clock more than this off the central's is said on screen and corrected in what it sends (docs/api.md §11.4). */
export const CLOCK_OFF_MS = 2 * 60_000;
