import { REFUSAL_TEXT, refusalMessage, type IpcError, type RefusalCode } from '../../shared/refusals';
import type { Lang } from './i18n';
import { refusalsNl } from './refusals.nl';

const TEXTS: Record<Lang, Record<RefusalCode, string>> = { en: REFUSAL_TEXT, nl: refusalsNl };

/** A refusal's code in the screen's language; an unknown code (an older or newer main) in general words. */
export function describeRefusal(lang: Lang, code: RefusalCode, params: IpcError['params'] = {}): string {
  const text = TEXTS[lang];
  return code in text ? refusalMessage(code, params, text) : refusalMessage('request.internal', {}, text);
}
