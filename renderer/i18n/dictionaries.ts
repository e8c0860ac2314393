import { useEffect, useState } from 'react';
import type { RefusalCode } from '../../shared/refusals';
import type { MessageKey } from './en';
import type { Lang } from './i18n';

/** A language's words: the screens' messages and the main process's refusals. */
export interface Dictionary {
  lang: Lang;
  messages: Record<MessageKey, string>;
  refusals: Record<RefusalCode, string>;
}

/**
 * Each language is a chunk of its own (renderer/README, "Loading by area"): a counter loads the
 * language it shows, and another only when someone switches to it. English refusals are the
 * main process's own texts, which the renderer holds anyway.
 */
const LOADERS: Record<Lang, () => Promise<Dictionary>> = {
  en: async () => {
    const [{ en }, { REFUSAL_TEXT }] = await Promise.all([import('./en'), import('../../shared/refusalText')]);
    return { lang: 'en', messages: en, refusals: REFUSAL_TEXT };
  },
  nl: async () => {
    const [{ nl }, { refusalsNl }] = await Promise.all([import('./nl'), import('./refusals.nl')]);
    return { lang: 'nl', messages: nl, refusals: refusalsNl };
  },
};

const loading = new Map<Lang, Promise<Dictionary>>();
const loaded = new Map<Lang, Dictionary>();

export function loadDictionary(lang: Lang): Promise<Dictionary> {
  let words = loading.get(lang);
  if (!words) {
    words = LOADERS[lang]().then((dictionary) => {
      loaded.set(lang, dictionary);
      return dictionary;
    });
    loading.set(lang, words);
  }
  return words;
}

export type DictionaryState = { dictionary: Dictionary | null; failed: boolean };

/**
 * The words to show for `lang` (null: not known yet, nothing is loaded): none until its language
 * has loaded; after a switch, the words shown so far until the new language is there, so the
 * screen never blanks.
 */
export function useDictionary(lang: Lang | null): DictionaryState {
  const [state, setState] = useState<DictionaryState>(() => ({ dictionary: (lang && loaded.get(lang)) || null, failed: false }));
  useEffect(() => {
    if (!lang) return;
    let current = true;
    loadDictionary(lang).then(
      (dictionary) => current && setState({ dictionary, failed: false }),
      () => current && setState((before) => ({ ...before, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [lang]);
  return state;
}
