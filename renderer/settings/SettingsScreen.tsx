import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsView, StaffMember } from '../../shared/ipc';
import type { Language, TouchPoint } from '../../shared/schemas/order';
import { setAnswer, useAction, useInvoke } from '../api/useInvoke';
import { ActionBar } from '../common/ActionBar';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { describeDetail, describeProblem } from '../common/problems';
import { ScreenNav, StartButton } from '../common/ScreenNav';
import { useI18n, type I18n, type MessageKey } from '../i18n/i18n';
import { DevicesPanel } from '../devices/DevicesPanel';
import { ConnectionTest } from './ConnectionTest';
import { CounterSetup } from './CounterSetup';
import { CashSettings } from './CashSettings';
import { centralNowAndNext, rememberCentralBeforeChange, useCentralAtStart } from './centralAtStart';
import { centralUsable, checkBearerToken, checkCentralUrl, settingsChange } from './checks';
import { SETTINGS_OPEN_ID, SETTINGS_TITLE_ID } from './navigation';
import { SettingsHistory } from './SettingsHistory';
import { StaffPanel } from './StaffPanel';
import { FleetPanel } from '../fleet/FleetPanel';

/**
 * The counter's settings, for managers: where its data syncs to, its device id, touchpoint
 * and language; the central's address and bearer token can be changed here. The token is
 * write-only: the screen shows whether one is set and where it is kept, never the token.
 */

const ERROR_ID = 'settings-error';
const FORM_ID = 'settings-form';

export function SettingsScreen({ clerk }: { clerk: StaffMember }) {
  const { t } = useI18n();
  const manager = clerk.role === 'manager';
  const settings = useInvoke('settings.get', {}, { enabled: manager });
  const catalog = useInvoke('catalog.get', {}, { enabled: manager });

  return (
    <div className="settings">
      <ScreenNav label={t('settings.nav')}>
        <StartButton focus={SETTINGS_OPEN_ID} />
      </ScreenNav>
      <section className="card" aria-labelledby={SETTINGS_TITLE_ID}>
        <h2 id={SETTINGS_TITLE_ID} tabIndex={-1}>
          {t('settings.title')}
        </h2>
        {!manager && <p className="note note-warn">{t('settings.managersOnly')}</p>}
        {manager && (
          <>
            <ErrorNote error={settings.error ?? catalog.error} />
            {(settings.isLoading || catalog.isLoading) && <p role="status">{t('common.loading')}</p>}
            {settings.value && (
              <>
                <CounterFacts view={settings.value} languages={catalog.value?.languages ?? []} />
                <SettingsForm view={settings.value} touchpoints={catalog.value?.touchpoints ?? []} />
                <ConnectionTest />
                {catalog.value && <CounterSetup view={settings.value} products={catalog.value.products} />}
                <CashSettings view={settings.value} />
                <DevicesPanel view={settings.value} />
                <SettingsHistory />
              </>
            )}
          </>
        )}
      </section>
      {manager && <StaffPanel me={clerk} />}
      {manager && <FleetPanel />}
    </div>
  );
}

function centralName(t: (key: MessageKey) => string, url: string | null): string {
  return url ?? t('settings.embedded');
}

function CounterFacts({ view, languages }: { view: SettingsView; languages: readonly Language[] }) {
  const { t } = useI18n();
  const urlAtStart = useCentralAtStart((s) => s.url);
  const central = centralNowAndNext(view, urlAtStart);
  const language = languages.find((l) => l.languageId === view.languageId)?.name ?? String(view.languageId);
  const token = tokenState(view);
  return (
    <section aria-labelledby="settings-counter-title">
      <h3 id="settings-counter-title">{t('settings.counter')}</h3>
      <dl className="facts">
        <dt>{t('settings.syncsTo')}</dt>
        <dd>
          <span className="terms-url">{centralName(t, central.now)}</span>
          {central.changesAtNextStart && (
            <p className="note note-info">{t('settings.nextStart', { central: centralName(t, central.next) })}</p>
          )}
        </dd>
        {/* Two ids, named apart: the central's /counters lists the enrolment's, orders carry the installation's (docs/counter.md §18, Enrolment and heartbeat). */}
        {view.centralDeviceId !== null && (
          <>
            <dt>{t('settings.centralDeviceId')}</dt>
            <dd>
              <code>{view.centralDeviceId}</code>
            </dd>
          </>
        )}
        <dt>{t('settings.deviceId')}</dt>
        <dd>
          <code>{view.deviceId}</code>
        </dd>
        <dt>{t('settings.language')}</dt>
        <dd>
          {language} <span className="hint">{t('settings.languageHint')}</span>
        </dd>
        <dt>{t('settings.tokenState')}</dt>
        <dd>
          <p className={token.warn ? 'note note-warn' : undefined}>{t(token.key)}</p>
        </dd>
      </dl>
    </section>
  );
}

function tokenState(view: SettingsView): { key: MessageKey; warn: boolean } {
  if (view.tokenStorage === 'safeStorage') return { key: 'settings.tokenKeychain', warn: false };
  if (view.tokenStorage === 'dataFolder') return { key: 'fleet.tokenDataFolder', warn: false };
  if (view.tokenStorage === 'memory-only') return { key: 'settings.tokenMemory', warn: true };
  if (view.embeddedCentral && view.centralUrl === null) return { key: 'settings.tokenEmbedded', warn: false };
  return { key: 'settings.tokenNone', warn: !view.embeddedCentral };
}

type SettingsField = 'centralUrl' | 'bearerToken' | 'touchpointId' | 'languageId' | 'retentionDays';
const FIELD_LABEL: Record<SettingsField, MessageKey> = {
  retentionDays: 'retention.label',
  centralUrl: 'settings.central',
  bearerToken: 'settings.bearer',
  touchpointId: 'settings.touchpoint',
  languageId: 'settings.language',
};
const fieldOf = (pointer: string): SettingsField | null =>
  (Object.keys(FIELD_LABEL) as SettingsField[]).find((f) => pointer.replace(/^\//, '') === f) ?? null;

/** An error of settings.set, named by the field it is about. */
function describeSettingsError(t: I18n['t'], e: { detail: string; pointer: string }): string {
  const field = fieldOf(e.pointer);
  return field ? `${t(FIELD_LABEL[field])}: ${describeDetail(t, e.detail)}` : describeProblem(t, e.detail, e.pointer);
}

function touchpointOptions(t: I18n['t'], touchpoints: readonly TouchPoint[], current: number): { id: number; label: string }[] {
  const options = touchpoints.filter((tp) => tp.isActive).map((tp) => ({ id: tp.salesTouchpointId, label: tp.name }));
  if (!options.some((o) => o.id === current)) {
    const known = touchpoints.find((tp) => tp.salesTouchpointId === current);
    options.unshift({
      id: current,
      label: known ? t('settings.touchpointInactive', { name: known.name }) : t('settings.touchpointUnknown', { id: current }),
    });
  }
  return options;
}

function SettingsForm({ view, touchpoints }: { view: SettingsView; touchpoints: readonly TouchPoint[] }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [centralText, setCentralText] = useState(view.centralUrl ?? '');
  const [bearerToken, setBearerToken] = useState('');
  const [touchpointId, setTouchpointId] = useState(view.touchpointId);
  const [retentionDays, setRetentionDays] = useState(view.retentionDays);
  const [saved, setSaved] = useState<MessageKey[]>([]);
  const save = useAction('settings.set');

  const centralCheck = checkCentralUrl(centralText);
  const tokenCheck = checkBearerToken(bearerToken);
  const change = settingsChange(view, { centralText, bearerToken, touchpointId, retentionDays });
  const centralChanging = centralUsable(centralCheck) && (centralText.trim() || null) !== view.centralUrl;
  const serverFields = new Set((save.error?.errors ?? []).map((e) => fieldOf(e.pointer)));
  const centralInvalid = !centralUsable(centralCheck) && centralCheck !== 'incomplete';
  const tokenInvalid = tokenCheck === 'short' || tokenCheck === 'long';
  const valid = centralUsable(centralCheck) && !tokenInvalid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    setSaved([]);
    if (change.centralUrl !== undefined) rememberCentralBeforeChange(view);
    const result = await save.run(change);
    if (!result.ok) return;
    const next = result.value;
    setAnswer(client, 'settings.get', {}, next);
    setCentralText(next.centralUrl ?? '');
    setBearerToken('');
    setTouchpointId(next.touchpointId);
    setRetentionDays(next.retentionDays);
    const messages: MessageKey[] = ['settings.saved'];
    if (change.centralUrl !== undefined) messages.push('settings.savedCentral');
    if (change.bearerToken !== undefined && next.tokenStorage === 'memory-only') messages.push('settings.savedMemory');
    setSaved(messages);
  };

  // A field the central refused is marked invalid and described by the refusal too.
  const refused = (field: SettingsField) => serverFields.has(field);
  const refusalId = (field: SettingsField) => refused(field) && ERROR_ID;

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate className="stack" aria-labelledby="settings-form-title">
      <h3 id="settings-form-title">{t('settings.form')}</h3>
      <Field
        id="settings-central"
        label={t('settings.central')}
        invalid={centralInvalid || refused('centralUrl')}
        notes={[
          {
            id: 'settings-central-check',
            text: t(`settings.url.${centralCheck}`),
            className: centralInvalid ? 'field-error' : 'hint',
            live: true,
          },
          { id: 'settings-central-hint', text: t('settings.centralHint') },
          { id: 'settings-central-applies', text: t('settings.centralApplies'), className: 'note note-info' },
        ]}
        alsoDescribedBy={[refusalId('centralUrl')]}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            size={48}
            value={centralText}
            onChange={(e) => setCentralText(e.target.value)}
          />
        )}
      </Field>

      <Field
        id="settings-bearer"
        label={t('settings.bearer')}
        invalid={tokenInvalid || refused('bearerToken')}
        notes={[
          {
            id: 'settings-bearer-check',
            text: t(`settings.bearer.${tokenCheck}`, { n: bearerToken.trim().length }),
            className: tokenInvalid ? 'field-error' : 'hint',
            live: true,
          },
          { id: 'settings-bearer-hint', text: t('settings.bearerHint') },
          ...(centralChanging ? [{ id: 'settings-bearer-again', text: t('settings.tokenAgain'), className: 'note note-warn' }] : []),
        ]}
        alsoDescribedBy={[refusalId('bearerToken')]}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            size={48}
            value={bearerToken}
            onChange={(e) => setBearerToken(e.target.value)}
          />
        )}
      </Field>

      <Field
        id="settings-touchpoint"
        label={t('settings.touchpoint')}
        invalid={refused('touchpointId')}
        notes={[{ id: 'settings-touchpoint-hint', text: t('settings.touchpointHint') }]}
        alsoDescribedBy={[refusalId('touchpointId')]}
      >
        {(control) => (
          <select {...control} value={touchpointId} onChange={(e) => setTouchpointId(Number(e.target.value))}>
            {touchpointOptions(t, touchpoints, touchpointId).map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field
        id="settings-retention"
        label={t('retention.label')}
        invalid={refused('retentionDays')}
        notes={[{ id: 'settings-retention-hint', text: t('retention.hint') }]}
        alsoDescribedBy={[refusalId('retentionDays')]}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min={1}
            max={3650}
            value={retentionDays}
            onChange={(e) => setRetentionDays(e.target.valueAsNumber)}
          />
        )}
      </Field>

      <ErrorNote id={ERROR_ID} error={save.error} describe={describeSettingsError} />
      <ActionBar>
        <button
          type="submit"
          form={FORM_ID}
          className="primary"
          disabled={!change || save.pending}
          aria-describedby={valid && !change ? 'settings-nothing' : undefined}
        >
          {t('settings.save')}
        </button>
        {valid && !change && (
          <span id="settings-nothing" className="hint">
            {t('settings.nothingChanged')}
          </span>
        )}
      </ActionBar>
      <div role="status" aria-live="polite">
        {saved.map((key) => (
          <p key={key} className={key === 'settings.savedMemory' ? 'note note-warn' : 'note note-ok'}>
            {t(key)}
          </p>
        ))}
      </div>
    </form>
  );
}
