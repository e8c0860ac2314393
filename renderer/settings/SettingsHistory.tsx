import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';

/** Who changed the central, its token, the touchpoint or the retention, and when (managers). */
export function SettingsHistory() {
  const { t, dateTime } = useI18n();
  const history = useInvoke('settings.history', {});
  return (
    <section aria-labelledby="settings-history-title">
      <h3 id="settings-history-title">{t('history.title')}</h3>
      <ErrorNote error={history.error} />
      {history.value?.length === 0 && <p className="hint">{t('history.none')}</p>}
      <ul>
        {(history.value ?? []).map((change, i) => (
          <li key={`${change.at}-${i}`}>
            {t('history.entry', {
              when: dateTime(change.at),
              who: change.staffName,
              setting: t(`history.setting.${change.setting}`, { value: change.value ?? '' }),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
