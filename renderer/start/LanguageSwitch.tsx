import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, setAnswer, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { languageIdOf, useI18n, type Lang } from '../i18n/i18n';
import { useCurrentOrder } from '../sale/hooks';
import { isConcept } from '../sale/orderView';
import { SeenFirst } from '../common/SeenFirst';

const LANGS: { lang: Lang; name: string }[] = [
  { lang: 'nl', name: 'Nederlands' },
  { lang: 'en', name: 'English' },
];

/** The counter's language (session.language: the login screen may switch it too); the open order's language follows. */
export function LanguageSwitch() {
  const { lang, t } = useI18n();
  const client = useQueryClient();
  const status = useInvoke('session.status', {});
  const order = useCurrentOrder();
  const patchOrder = useAction('orders.patch');
  const save = useAction('session.language', (next) => {
    setAnswer(client, 'session.status', {}, next);
    void client.invalidateQueries({ queryKey: queryKeys.channel('settings.get') });
  });

  const choose = async (next: Lang) => {
    if (next === lang) return;
    const languageId = languageIdOf(next, status.value?.languages ?? []);
    const result = await save.run({ languageId });
    const current = order.value?.order;
    if (result.ok && current && isConcept(current) && current.language.languageId !== languageId) {
      await patchOrder.run({ orderId: current.orderId, patch: { languageId } });
    }
  };

  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {LANGS.map(({ lang: l, name }) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === lang}
          title={name}
          disabled={save.pending}
          onClick={() => void choose(l)}
        >
          {/* The code on the button keeps the top bar one row; the name follows it for a screen reader. */}
          <SeenFirst seen={l.toUpperCase()} more={name} />
        </button>
      ))}
      <ErrorNote error={save.error ?? patchOrder.error} />
    </div>
  );
}
