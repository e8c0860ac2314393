import { useState, type FormEvent } from 'react';
import type { IpcInput } from '../../shared/ipc';
import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { NewSaleButton, ScreenNav, StartButton } from '../common/ScreenNav';
import { tokenStatusName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { CardDetailPanel } from './CardDetailPanel';
import { useCardService } from './cardStore';
import { useScanned } from './useScanned';

type By = 'pass' | 'digits' | 'name';
type Search = IpcInput<'cards.find'>;

/** The card service (docs/counter.md §22): find a traveller's card, then see and act on it. */
export function CardServiceScreen() {
  const { t } = useI18n();
  const [by, setBy] = useState<By>('pass');
  const [text, setText] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const chosen = useCardService((s) => s.transitTokenId);
  const found = useInvoke('cards.find', search ?? { passNumber: '' }, { enabled: search !== null });
  // A scan finds the card by its pass number, unless it is the replacement's new card (ReplaceForm).
  useScanned((value) => {
    setBy('pass');
    setText(value);
    useCardService.setState({ transitTokenId: null });
    setSearch({ passNumber: value });
  }, 'elsewhere');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    useCardService.setState({ transitTokenId: null });
    setSearch(by === 'pass' ? { passNumber: text } : by === 'digits' ? { lastDigits: text.trim() } : { name: text, birthDate });
  };

  return (
    <div className="cards">
      <ScreenNav label={t('cards.title')}>
        <StartButton />
        <NewSaleButton />
      </ScreenNav>
      <section className="card" aria-labelledby="cards-title">
        <h2 id="cards-title">{t('cards.title')}</h2>
        <form onSubmit={submit} className="card-search">
          <fieldset>
            <legend>{t('cards.findBy')}</legend>
            {(['pass', 'digits', 'name'] as const).map((b) => (
              <label key={b}>
                <input type="radio" name="card-by" value={b} checked={by === b} onChange={() => setBy(b)} />
                {t(b === 'pass' ? 'cards.byPass' : b === 'digits' ? 'cards.byDigits' : 'cards.byName')}
              </label>
            ))}
          </fieldset>
          <Field id="card-text" label={t(by === 'pass' ? 'cards.passNumber' : by === 'digits' ? 'cards.digits' : 'cards.name')}>
            {(control) => <input {...control} data-landing={2} value={text} autoComplete="off" onChange={(e) => setText(e.target.value)} />}
          </Field>
          {by === 'name' && (
            <Field id="card-birth" label={t('cards.birthDate')}>
              {(control) => <input {...control} type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} />}
            </Field>
          )}
          <button type="submit" className="primary">
            {t('cards.find')}
          </button>
        </form>
        <ErrorNote error={found.error} />
        {found.value && (
          <section aria-label={t('cards.found')}>
            {found.value.source === 'cache' && <p className="note">{t('cards.fromCache')}</p>}
            {found.value.cards.length === 0 && <p>{t('cards.none')}</p>}
            <ul className="card-list">
              {found.value.cards.map((c) => (
                <li key={c.transitTokenId}>
                  <button
                    type="button"
                    aria-pressed={chosen === c.transitTokenId}
                    onClick={() => useCardService.setState({ transitTokenId: c.transitTokenId })}
                  >
                    {t('cards.card', { alias: c.alias ?? c.passNumber ?? String(c.transitTokenId) })} ·{' '}
                    {c.passNumber ?? `•••• ${c.lastDigits}`} · {tokenStatusName(t, c.tokenStatus.tokenStatusId)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </section>
      {chosen !== null && <CardDetailPanel key={chosen} transitTokenId={chosen} />}
    </div>
  );
}
