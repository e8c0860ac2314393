import { saleHandlers, type SaleDeps } from './handlers';

/** The sale on the clerk's screen (docs/counter.md §3): lines, tokens, parking, search. */
export function saleArea(deps: SaleDeps) {
  return { handlers: saleHandlers(deps) };
}
