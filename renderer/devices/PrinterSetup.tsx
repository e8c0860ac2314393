import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsView } from '../../shared/ipc';
import { setAnswer, useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { printerAddress, printerChoice, printerUrlOf, type PrinterChoice } from './printerUrl';

const CHOICES: PrinterChoice[] = ['system', 'escpos', 'none'];

/**
 * The receipt printer and the cash drawer (docs/api.md §9.1, §9.3), for managers: which printer
 * (the system's, a network ESC/POS printer at an address, none) and whether a drawer hangs on
 * it. A value the machine's configuration fixes is shown, not offered, with where it is set.
 */
export function PrinterSetup({ view }: { view: SettingsView }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [choice, setChoice] = useState<PrinterChoice>(printerChoice(view.printerUrl));
  const [address, setAddress] = useState(printerAddress(view.printerUrl));
  const [drawer, setDrawer] = useState(view.drawer === 'printer');
  const [saved, setSaved] = useState(false);
  const save = useAction('settings.set', (next) => {
    setAnswer(client, 'settings.get', {}, next);
    setSaved(true);
  });
  const printerFixed = view.fixed.printerUrl;
  const drawerFixed = view.fixed.drawer;
  const url = printerUrlOf(choice, address);
  const addressInvalid = choice === 'escpos' && url === null && address.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (url === null) return;
    const nextDrawer = choice === 'escpos' && drawer ? 'printer' : 'none';
    void save.run({ ...(!printerFixed && { printerUrl: url }), ...(!drawerFixed && { drawer: nextDrawer }) });
  };

  return (
    <form onSubmit={submit} className="stack" aria-labelledby="printer-setup-title">
      <h4 id="printer-setup-title">{t('devices.setup')}</h4>
      {printerFixed ? (
        <p>
          {t('devices.printer')}:{' '}
          {t(`devices.printerKind.${view.printerUrl.startsWith('tcp://') ? 'escpos' : (view.printerUrl as 'system' | 'none')}`)}
          {view.printerUrl.startsWith('tcp://') && <code> {printerAddress(view.printerUrl)}</code>}{' '}
          <span className="hint">{t(`devices.fixed.${printerFixed}`)}</span>
        </p>
      ) : (
        <>
          <Field id="printer-kind" label={t('devices.printer')}>
            {(control) => (
              <select {...control} value={choice} onChange={(e) => setChoice(e.target.value as PrinterChoice)}>
                {CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {t(`devices.printerKind.${c}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {choice === 'escpos' && (
            <Field
              id="printer-address"
              label={t('devices.address')}
              invalid={addressInvalid}
              notes={[
                { id: 'printer-address-hint', text: t(addressInvalid ? 'devices.addressInvalid' : 'devices.addressHint'), live: true },
              ]}
            >
              {(control) => (
                <input {...control} autoComplete="off" spellCheck={false} value={address} onChange={(e) => setAddress(e.target.value)} />
              )}
            </Field>
          )}
        </>
      )}
      {drawerFixed ? (
        <p>
          {t(view.drawer === 'printer' ? 'devices.drawerOn' : 'devices.drawerOff')}{' '}
          <span className="hint">{t(`devices.fixed.${drawerFixed}`)}</span>
        </p>
      ) : (
        choice === 'escpos' && (
          <label className="check">
            <input type="checkbox" checked={drawer} onChange={(e) => setDrawer(e.target.checked)} /> {t('devices.drawer')}
          </label>
        )
      )}
      <ErrorNote error={save.error} />
      {!(printerFixed && drawerFixed) && (
        <button type="submit" disabled={save.pending || url === null}>
          {t('devices.save')}
        </button>
      )}
      <p role="status" className="sr-only-when-empty">
        {saved ? t('devices.saved') : ''}
      </p>
    </form>
  );
}
