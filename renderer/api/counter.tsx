import { createContext, useContext, type ReactNode } from 'react';
import type { CounterApi } from '../../shared/ipc';

/**
 * The renderer reaches the main process only through `window.counter`. It is read once
 * and handed down through context, so that tests can hand a fake instead.
 */
const CounterContext = createContext<CounterApi | null>(null);

export function windowCounter(): CounterApi | null {
  const candidate = (globalThis as unknown as { counter?: CounterApi }).counter;
  return candidate && typeof candidate.invoke === 'function' ? candidate : null;
}

export function CounterProvider({ api, children }: { api: CounterApi; children: ReactNode }) {
  return <CounterContext.Provider value={api}>{children}</CounterContext.Provider>;
}

export function useCounter(): CounterApi {
  const api = useContext(CounterContext);
  if (!api) throw new Error('useCounter outside CounterProvider');
  return api;
}
