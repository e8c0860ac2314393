import { useI18n } from '../i18n/i18n';
import { MANAGER_OPEN_ID, openManager } from './navigation';
import { openSettings, SETTINGS_OPEN_ID } from '../settings/navigation';

/** The ways into the manager's day and the settings, which load on demand; drawn on a manager's start screen with the manager's code. */
export function ManagerWays() {
  const { t } = useI18n();
  return (
    <div className="row">
      <button type="button" id={MANAGER_OPEN_ID} onClick={() => openManager()}>
        {t('manager.open')}
      </button>
      <button type="button" id={SETTINGS_OPEN_ID} aria-describedby="settings-open-hint" onClick={openSettings}>
        {t('settings.open')}
      </button>
      <p className="hint" id="settings-open-hint">
        {t('settings.openHint')}
      </p>
    </div>
  );
}
