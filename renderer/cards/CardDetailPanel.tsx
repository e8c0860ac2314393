import type { BlockReason, CardEvent } from '../../shared/schemas/cards';
import { useEffect, useRef } from 'react';
import { TOKEN_STATUS } from '../../shared/enums';
import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { tokenStatusName } from '../common/names';
import { useI18n, type I18n } from '../i18n/i18n';
import { BlockForm, UnblockForm } from './BlockForms';
import { ReplaceForm, ReplacementReceipt } from './ReplaceForm';
import { useCardService } from './cardStore';
import { SeasonEnd } from './SeasonEnd';

type StatusName = (typeof TOKEN_STATUS)[keyof typeof TOKEN_STATUS];
/** Whether a card's status is one of these (the names of shared/enums.ts). */
const isIn = (status: number, ...names: StatusName[]) => names.includes(TOKEN_STATUS[status as keyof typeof TOKEN_STATUS]);

/** One event of a card in words (docs/api.md §12.1). */
export function eventText(t: I18n['t'], e: CardEvent): string {
  const card = String(e.transitTokenId ?? '');
  const reason = e.reason ? t(`cards.reason.${e.reason as BlockReason}`) : '';
  return t(`cards.event.${e.type}`, { card, reason });
}

/** The card as the clerk checks it (docs/counter.md §22.1), and what may be done to it. */
export function CardDetailPanel({ transitTokenId }: { transitTokenId: number }) {
  const { t, date, dateTime, money } = useI18n();
  const detail = useInvoke('cards.detail', { transitTokenId });
  const replaced = useCardService((s) => (s.replaced?.old.transitTokenId === transitTokenId ? s.replaced : null));
  const ended = useCardService((s) => (s.ended?.transitTokenId === transitTokenId ? s.ended.text : null));
  const value = detail.value;
  if (!value) return <ErrorNote error={detail.error} />;
  const { card, owner, products, events, waitingBlock, ePurse } = value;
  const status = card.tokenStatus.tokenStatusId;
  return (
    <section className="card card-detail" aria-label={t('cards.card', { alias: card.alias ?? String(card.transitTokenId) })}>
      <h3>{t('cards.card', { alias: card.alias ?? String(card.transitTokenId) })}</h3>
      <dl className="facts">
        <dt>{t('cards.passNumber')}</dt>
        <dd>{card.passNumber ?? `•••• ${card.lastDigits}`}</dd>
        <dt>{t('cards.status')}</dt>
        <dd>{tokenStatusName(t, status)}</dd>
        <dt>{t('cards.ePurse')}</dt>
        <dd>{!ePurse.known ? t('cards.ePurseUnknown') : ePurse.balance ? money(ePurse.balance.amount) : t('cards.ePurseNone')}</dd>
      </dl>
      {waitingBlock && (
        <p className="note note-warning" role="status">
          {t('cards.blockWaiting', { at: dateTime(waitingBlock.at) })}
        </p>
      )}
      {/* What the clerk hands out or does first, above what is only read: in view at 1024×768 (docs/counter.md §12.1). */}
      {replaced && <ReplacementReceipt answer={replaced} />}
      {isIn(status, 'active', 'inactive') && !waitingBlock && <BlockForm transitTokenId={transitTokenId} />}
      {isIn(status, 'suspended') && <UnblockForm transitTokenId={transitTokenId} />}
      {isIn(status, 'active', 'suspended') && <ReplaceForm card={card} online={products !== null} />}
      <h4>{t('cards.owner')}</h4>
      {owner ? (
        <div className="owner">
          {owner.photo && <img src={owner.photo} alt={t('cards.photo', { name: owner.name })} width={105} height={135} />}
          <p>
            {owner.name}
            {owner.birthdate && <> · {date(owner.birthdate)}</>}
          </p>
        </div>
      ) : (
        <p className="hint">{t('cards.ownerUnknown')}</p>
      )}
      <h4>{t('cards.products')}</h4>
      {products === null && <p className="note">{t('cards.unknownOffline')}</p>}
      {products?.length === 0 && <p>{t('cards.noProducts')}</p>}
      {products && products.length > 0 && (
        <ul>
          {products.map((p) => (
            <li key={p.orderLineId}>
              {p.productName} ·{' '}
              {t('cards.valid', { from: p.validFrom ? date(p.validFrom) : '–', until: p.validUntil ? date(p.validUntil) : '–' })}
              {p.movedFrom !== null && <> · {t('cards.movedFrom', { card: String(p.movedFrom) })}</>}
              {p.local && <SeasonEnd transitTokenId={transitTokenId} product={p} local={p.local} />}
            </li>
          ))}
        </ul>
      )}
      {ended && <RefundWords text={ended} />}
      <CardEvents events={events} />
    </section>
  );
}

/** The card's events, oldest first (docs/counter.md §22.6); also shown in an order's detail. */
export function CardEvents({ events }: { events: CardEvent[] | null }) {
  const { t, dateTime } = useI18n();
  if (events === null) return null;
  return (
    <section aria-label={t('cards.events')}>
      <h4>{t('cards.events')}</h4>
      {events.length === 0 ? (
        <p>{t('cards.noEvents')}</p>
      ) : (
        <ol>
          {events.map((e, i) => (
            <li key={i}>
              {dateTime(e.at)}: {eventText(t, e)}
              {e.note && <> · {e.note}</>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A season's refund in words (docs/counter.md §22.4), brought into view: the clerk pressed far below it. */
function RefundWords({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest' }), [text]);
  return (
    <p ref={ref} className="receipt" role="status">
      {text}
    </p>
  );
}
