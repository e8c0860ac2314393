/** Whether `source` is the Vitest chunk that holds the worker pool. */
export function holdsVitestPool(source: string): boolean;
/** The pool's source with patch.mjs's edits; throws, naming the edit, when Vitest's text has changed. */
export function keepWorkers(source: string): string;
