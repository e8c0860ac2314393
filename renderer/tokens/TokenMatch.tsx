import { useId, useState } from 'react';
import type { TransitTokenRecord } from '../../shared/schemas/reference';
import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { tokenTypeName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { CacheLabel } from './CacheLabel';
import { isUsable, tokenMarks, type TokenMark } from './tokenQuery';
import { SeenFirst } from '../common/SeenFirst';

export function tokenName(record: TransitTokenRecord): string {
  return record.alias ?? record.passNumber ?? `#${record.transitTokenId}`;
}

/** One match: type, status marks, alias, expiry and owner; a replaced token offers its replacement. */
export function TokenMatch({
  record,
  onUse,
  disabledReasonOf,
}: {
  record: TransitTokenRecord;
  onUse: (record: TransitTokenRecord) => void;
  /** Why a usable token still cannot be used here (for example the product does not take its type). */
  disabledReasonOf?: ((record: TransitTokenRecord) => string | null) | undefined;
}) {
  const { t, date } = useI18n();
  const titleId = useId();
  const whyId = useId();
  const now = new Date();
  const marks = tokenMarks(record, now);
  const usable = isUsable(record, now);
  const [showReplacement, setShowReplacement] = useState(false);
  const why = !usable ? t('tokens.notUsable') : (disabledReasonOf?.(record) ?? null);
  const name = tokenName(record);

  return (
    <li className={`card token-match ${usable ? '' : 'token-bad'}`}>
      <article aria-labelledby={titleId}>
        <h4 id={titleId}>{name}</h4>
        <p className="marks">
          {marks.map((mark) => (
            <Mark key={mark} mark={mark} />
          ))}
        </p>
        <dl className="facts">
          <dt>{t('tokens.type')}</dt>
          <dd>{tokenTypeName(t, record.tokenType.tokenTypeId)}</dd>
          {record.passNumber && (
            <>
              <dt>{t('tokens.passNumber')}</dt>
              <dd>{record.passNumber}</dd>
            </>
          )}
          {record.lastDigits !== null && (
            <>
              <dt>{t('tokens.lastDigits')}</dt>
              <dd>{record.lastDigits}</dd>
            </>
          )}
          <dt>{t('tokens.expires')}</dt>
          <dd>{date(record.expirationDate)}</dd>
          <dt>{t('tokens.owner')}</dt>
          <dd>{t('tokens.customer', { id: record.customerProfileId })}</dd>
        </dl>
        {record.replacedByTokenId !== null && <p className="note note-warn">{t('tokens.replacedBy', { id: record.replacedByTokenId })}</p>}
        {why && (
          <p className="muted" id={whyId}>
            {why}
          </p>
        )}
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={why !== null}
            aria-describedby={why ? whyId : undefined}
            onClick={() => onUse(record)}
          >
            <SeenFirst seen={t('tokens.useShort')} more={name} />
          </button>
          {record.replacedByTokenId !== null && (
            <button type="button" aria-expanded={showReplacement} onClick={() => setShowReplacement((v) => !v)}>
              {t('tokens.showReplacement')}
            </button>
          )}
        </div>
        {showReplacement && record.replacedByTokenId !== null && (
          <Replacement id={record.replacedByTokenId} onUse={onUse} disabledReasonOf={disabledReasonOf} />
        )}
      </article>
    </li>
  );
}

function Replacement({
  id,
  onUse,
  disabledReasonOf,
}: {
  id: number;
  onUse: (record: TransitTokenRecord) => void;
  disabledReasonOf?: ((record: TransitTokenRecord) => string | null) | undefined;
}) {
  const { t } = useI18n();
  const found = useInvoke('lookup.tokens', { transitTokenId: String(id) });
  return (
    <div className="replacement" aria-live="polite">
      <h5>{t('tokens.replacement')}</h5>
      <ErrorNote error={found.error} />
      {found.isLoading && <p>{t('common.searching')}</p>}
      {found.value && <CacheLabel answer={found.value} />}
      {found.value?.records.length === 0 && <p className="muted">{t('tokens.replacementMissing', { id })}</p>}
      <ul className="plain">
        {found.value?.records.map((r) => (
          <TokenMatch key={r.transitTokenId} record={r} onUse={onUse} disabledReasonOf={disabledReasonOf} />
        ))}
      </ul>
    </div>
  );
}

const MARK_CLASS: Record<TokenMark, string> = {
  active: 'badge-ok',
  expired: 'badge-bad',
  replaced: 'badge-bad',
  inactive: 'badge-warn',
  suspended: 'badge-bad',
  removed: 'badge-bad',
};

function Mark({ mark }: { mark: TokenMark }) {
  const { t } = useI18n();
  return (
    <span className={`badge ${MARK_CLASS[mark]}`}>
      {mark === 'active' ? '✓ ' : '⚠ '}
      {t(`mark.${mark}`)}
    </span>
  );
}
