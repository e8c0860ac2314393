import { useI18n } from '../i18n/i18n';

/**
 * What a disabled action still needs, in words beside it ("Still needed: Surname, Postal code."):
 * the action's `aria-describedby` names `id`, so a screen reader says it with the grey button.
 * Nothing when nothing is missing.
 */
export function StillNeeded({ id, items }: { id: string; items: readonly string[] }) {
  const { t } = useI18n();
  if (items.length === 0) return null;
  return (
    <p id={id} className="note note-warn" aria-live="polite">
      {t('dd.missing', { items: items.join(', ') })}
    </p>
  );
}
