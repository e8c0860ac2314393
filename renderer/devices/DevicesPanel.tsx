import { useState } from 'react';
import type { PrintAnswer, SettingsView } from '../../shared/ipc';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { DEVICES } from './DeviceTrouble';
import { PrinterSetup } from './PrinterSetup';
import { TerminalTest } from './TerminalTest';

/**
 * The manager's view of the desk's devices: each one's state, a test print, the receipt printer
 * and drawer (docs/api.md §9.1, §9.3), and a terminal test (§9.2).
 */
export function DevicesPanel({ view }: { view: SettingsView }) {
  const { t } = useI18n();
  const states = useInvoke('devices.states', {});
  const [answer, setAnswer] = useState<PrintAnswer | null>(null);
  const test = useAction('printer.test', setAnswer);
  return (
    <section aria-labelledby="devices-title">
      <h3 id="devices-title">{t('devices.title')}</h3>
      <ErrorNote error={states.error ?? test.error} />
      {states.value && (
        <dl className="facts devices">
          {DEVICES.map((kind) => (
            <div key={kind}>
              <dt>{t(`devices.${kind}`)}</dt>
              <dd data-device={kind}>{t(`devices.state.${states.value![kind]}`)}</dd>
            </div>
          ))}
        </dl>
      )}
      <button type="button" disabled={test.pending} onClick={() => void test.run({})}>
        {t('devices.testPrint')}
      </button>
      {answer?.printed && (
        <p role="status" className="note note-ok">
          {t('devices.testPrinted')}
        </p>
      )}
      {answer?.problem && (
        <p role="alert" className="note note-warn">
          {t(`receipt.problem.${answer.problem}`)}
        </p>
      )}
      {answer?.via === 'page' && <p className="note">{t('devices.testPage')}</p>}
      {answer?.via === 'none' && <p className="note">{t('receipt.noPrinter')}</p>}
      <PrinterSetup view={view} />
      <h4>{t('devices.terminalTitle')}</h4>
      <TerminalTest />
    </section>
  );
}
