import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsView } from '../../shared/ipc';
import { setAnswer, useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { DENOMINATIONS, isNote } from '../manager/denominations';

/**
 * Cash at this counter (docs/counter.md §17): rounding to 5 cents on or off, and the notes and
 * coins a count offers. Either is read-only where the machine's configuration fixes it.
 */
export function CashSettings({ view }: { view: SettingsView }) {
  const { t, money } = useI18n();
  const client = useQueryClient();
  const [rounding, setRounding] = useState(view.cashRounding);
  const [offered, setOffered] = useState<ReadonlySet<number>>(() => new Set(view.denominations));
  const [saved, setSaved] = useState(false);
  const save = useAction('settings.set', (next) => {
    setAnswer(client, 'settings.get', {}, next);
    setSaved(true);
  });
  const roundingFixed = view.fixed.cashRounding;
  const denominationsFixed = view.fixed.denominations;
  const toggle = (cents: number) => {
    const next = new Set(offered);
    if (next.has(cents)) next.delete(cents);
    else next.add(cents);
    setOffered(next);
    setSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void save.run({
      ...(!roundingFixed && { cashRounding: rounding }),
      ...(!denominationsFixed && { denominations: DENOMINATIONS.filter((d) => offered.has(d)) }),
    });
  };
  const fixedNote = (source: 'environment' | 'file' | undefined) =>
    source && <p className="hint">{t(source === 'environment' ? 'cashSettings.fixedEnvironment' : 'cashSettings.fixedFile')}</p>;
  return (
    <form onSubmit={submit} className="stack" aria-labelledby="cash-settings-title" noValidate>
      <h3 id="cash-settings-title">{t('cashSettings.title')}</h3>
      <label className="row">
        <input
          type="checkbox"
          checked={rounding}
          disabled={Boolean(roundingFixed)}
          onChange={(e) => {
            setRounding(e.target.checked);
            setSaved(false);
          }}
        />
        {t('cashSettings.rounding')}
      </label>
      {fixedNote(roundingFixed)}
      <fieldset>
        <legend>{t('cashSettings.denominations')}</legend>
        <div className="denominations">
          {DENOMINATIONS.map((cents) => (
            <label key={cents} className="row">
              <input type="checkbox" checked={offered.has(cents)} disabled={Boolean(denominationsFixed)} onChange={() => toggle(cents)} />
              {t(isNote(cents) ? 'count.notes' : 'count.coins', { value: money(cents) })}
            </label>
          ))}
        </div>
      </fieldset>
      {fixedNote(denominationsFixed)}
      {offered.size === 0 && <p className="field-error">{t('cashSettings.noneOffered')}</p>}
      <ErrorNote error={save.error} />
      {saved && (
        <p role="status" className="note">
          {t('cashSettings.saved')}
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={save.pending || offered.size === 0 || Boolean(roundingFixed && denominationsFixed)}>
          {t('cashSettings.save')}
        </button>
      </div>
    </form>
  );
}
