import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CounterApi, IpcResult, LookupAnswer } from '../../shared/ipc';
import type { TransitTokenRecord } from '../../shared/schemas/reference';
import { useCounter } from '../api/counter';
import { safeInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { useSale } from '../sale/saleStore';
import { CacheLabel } from './CacheLabel';
import { TokenMatch } from './TokenMatch';
import { classifyTokenText, type TokenQuery } from './tokenQuery';

/** Tries the lookups in order and answers the first that finds something (or the last answer). */
async function lookupFirst(api: CounterApi, queries: TokenQuery[]): Promise<IpcResult<LookupAnswer<TransitTokenRecord>>> {
  let last: IpcResult<LookupAnswer<TransitTokenRecord>> | null = null;
  for (const query of queries) {
    last = await safeInvoke(api, 'lookup.tokens', query);
    if (!last.ok || last.value.records.length > 0) return last;
  }
  return last ?? { ok: true, value: { records: [], source: 'central', stale: false, ageSeconds: null } };
}

/**
 * Finds tokens by pass number, a bank card's last digits or an xTat, typed or scanned (a scan
 * anywhere on the page lands here). Each match shows its type, status, alias, expiry and owner.
 */
export function TokenSearch({
  onUse,
  disabledReasonOf,
}: {
  onUse: (record: TransitTokenRecord) => void;
  /** Why a usable token still cannot be used here (for example the product does not take its type). */
  disabledReasonOf?: (record: TransitTokenRecord) => string | null;
}) {
  const { t } = useI18n();
  const api = useCounter();
  const hintId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<{ text: string; seq: number } | null>(null);
  const scan = useSale((s) => s.scan);

  useEffect(() => {
    if (scan) {
      setText(scan.value);
      setQuery({ text: scan.value, seq: scan.seq });
    }
  }, [scan]);

  const classified = query ? classifyTokenText(query.text) : null;
  const found = useQuery({
    queryKey: ['counter', 'lookup.tokens', { search: query?.text ?? '', seq: query?.seq ?? 0 }],
    queryFn: () => lookupFirst(api, classified?.queries ?? []),
    enabled: classified !== null,
    staleTime: 5_000,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setQuery((q) => ({ text: text.trim(), seq: (q?.seq ?? 0) + 1 }));
  };

  const answer = found.data?.ok ? found.data.value : null;
  const error = found.data && !found.data.ok ? found.data.error : null;

  return (
    <div className="token-search">
      <form role="search" onSubmit={submit} className="stack" aria-label={t('tokens.searchForm')}>
        <label htmlFor="token-search">{t('tokens.search')}</label>
        <div className="row">
          <input
            id="token-search"
            type="search"
            autoComplete="off"
            value={text}
            aria-describedby={hintId}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit">{t('tokens.find')}</button>
        </div>
        <p className="hint" id={hintId}>
          {t('tokens.searchHint')}
        </p>
      </form>
      <div aria-live="polite" className="token-results">
        {query && classified === null && <p className="muted">{t('tokens.notUnderstood')}</p>}
        {found.isFetching && <p>{t('common.searching')}</p>}
        <ErrorNote error={error} />
        {answer && !found.isFetching && (
          <>
            <p>{t('tokens.found', { n: answer.records.length, text: query?.text ?? '' })}</p>
            <CacheLabel answer={answer} />
            <ul className="plain" aria-label={t('tokens.matches')}>
              {answer.records.map((record) => (
                <TokenMatch key={record.transitTokenId} record={record} onUse={onUse} disabledReasonOf={disabledReasonOf} />
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
