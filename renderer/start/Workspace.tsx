import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '../../shared/ipc';
import { setAnswer, useAction } from '../api/useInvoke';
import { areas } from '../areas';
import { ActionBarSlot } from '../common/ActionBarSlot';
import { AreaSlot } from '../common/area';
import { DisplaySync } from '../customer/DisplaySync';
import { DeviceTrouble } from '../devices/DeviceTrouble';
import { useI18n } from '../i18n/i18n';
import { SaleScreen } from '../sale/SaleScreen';
import { useSale } from '../sale/saleStore';
import { openSyncPanel } from '../sync/navigation';
import { ScannerListener } from '../tokens/ScannerListener';
import { GlobalKeys } from './GlobalKeys';
import { LeaveDialogs, requestLogout } from './LeaveSale';
import { LanguageSwitch } from './LanguageSwitch';
import { StartScreen } from './StartScreen';
import { SyncStatusBar } from './SyncStatusBar';

const CheckoutScreen = areas.checkout.lazy((m) => m.CheckoutScreen);
const ReceiptScreen = areas.checkout.lazy((m) => m.ReceiptScreen);
const ManagerScreen = areas.manager.lazy((m) => m.ManagerScreen);
const SettingsScreen = areas.settings.lazy((m) => m.SettingsScreen);
const SyncPanel = areas.sync.lazy((m) => m.SyncPanel);
const CardServiceScreen = areas.cards.lazy((m) => m.CardServiceScreen);

/** The counter once a clerk is logged in: the top bar and the screen of the sale flow. */
export function Workspace({ clerk }: { clerk: StaffMember }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const screen = useSale((s) => s.screen);
  const goTo = useSale((s) => s.goTo);
  const saleSeq = useSale((s) => s.saleSeq);
  const [showRejected, setShowRejected] = useState(false);
  const logout = useAction('session.logout', () => {
    useSale.setState({ screen: 'start', orderId: null, token: null, editing: null, scan: null });
    setAnswer(client, 'session.current', {}, null);
  });

  return (
    <>
      <ScannerListener />
      <GlobalKeys />
      <DisplaySync />
      <a className="skip" href="#main">
        {t('common.skip')}
      </a>
      <header className="topbar">
        <h1 className="brand">Counter</h1>
        <p className="clerk">
          {t('top.clerk', { name: clerk.name })} <span className="badge badge-plain">{t(`role.${clerk.role}`)}</span>
        </p>
        <SyncStatusBar
          onShowRejected={() => {
            setShowRejected(true);
            goTo('start');
          }}
          onShowDetails={openSyncPanel}
        />
        <DeviceTrouble />
        <LanguageSwitch />
        <button type="button" onClick={requestLogout} disabled={logout.pending}>
          {t('top.logout')}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {screen === 'start' && <StartScreen clerk={clerk} showRejected={showRejected} />}
        {screen === 'sale' && <SaleScreen key={saleSeq} />}
        <AreaSlot key={screen}>
          {screen === 'checkout' && <CheckoutScreen />}
          {screen === 'receipt' && <ReceiptScreen />}
          {screen === 'settings' && <SettingsScreen clerk={clerk} />}
          {screen === 'sync' && <SyncPanel />}
          {screen === 'manager' && <ManagerScreen clerk={clerk} />}
          {screen === 'cards' && <CardServiceScreen />}
        </AreaSlot>
        <ActionBarSlot />
      </main>
      <LeaveDialogs logout={() => void logout.run({})} />
    </>
  );
}
