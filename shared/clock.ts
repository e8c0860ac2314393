/**
 * A counter's clock more than this off the central's is said on screen and corrected in what it
 * sends (docs/api.md §11.4). A file without imports: the top bar's first load reads it.
 */
export const CLOCK_OFF_MS = 2 * 60_000;
