import { returnHandlers, type ReturnDeps } from './handlers';

/** Returns by line with a manager's approval (docs/counter.md §19). */
export function returnsArea(deps: ReturnDeps) {
  return { handlers: returnHandlers(deps) };
}
