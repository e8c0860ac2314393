import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { CounterApi } from '../../shared/ipc';
import { makeQueryClient } from '../App';
import { CounterProvider } from '../api/counter';
import { loadDictionary } from '../i18n/dictionaries';
import { I18nProvider, type Lang } from '../i18n/i18n';

// Both languages are loaded before any test renders, so that a piece draws at once, as it does in
// the app (where the root waits for the counter's language).
const DICTIONARIES = { en: await loadDictionary('en'), nl: await loadDictionary('nl') };

/** Renders a piece of the renderer with a (fake) counter, a fresh query cache and a language. */
export function renderWith(ui: ReactNode, api: CounterApi, lang: Lang = 'en'): RenderResult {
  const client = makeQueryClient();
  return render(
    <CounterProvider api={api}>
      <QueryClientProvider client={client}>
        <I18nProvider dictionary={DICTIONARIES[lang]}>{ui}</I18nProvider>
      </QueryClientProvider>
    </CounterProvider>,
  );
}
