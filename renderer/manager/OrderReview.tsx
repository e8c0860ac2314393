import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ManagerOrderRow, RangeSummary } from '../../shared/manager/types';
import { useInvokePages } from '../api/useInvokePages';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { statusKey } from '../start/OrderList';
import { useBusinessDay } from './businessDay';
import { ExportButtons } from './ExportButtons';
import { showOrderDetail, useManagerNav } from './navigation';
import { OrderDetail } from './OrderDetail';
import { emptyFilters, orderFiltersOf, rangeOf, ReviewFilterForm, type ReviewFilters } from './ReviewFilters';
import { SeenFirst } from '../common/SeenFirst';

const ROW_HEIGHT = 44;
/** Rows before the end of what is loaded at which the next page is asked for. */
const PREFETCH_ROWS = 15;

/**
 * The orders of a day or a range under the manager's filters, newest first, with the count
 * and totals of the whole range always in view. Pages are read as the list scrolls (or with
 * "More orders"); only the rows in view are drawn, so any number of orders can be gone through.
 */
export function OrderReview() {
  const today = useBusinessDay();
  return today ? <Review today={today} /> : null;
}

function Review({ today }: { today: string }) {
  const { t } = useI18n();
  const [filters, setFilters] = useState<ReviewFilters>(() => emptyFilters(today));
  const input = { range: rangeOf(filters), filters: orderFiltersOf(filters) };
  const pages = useInvokePages('manager.orders', input);
  const orderId = useManagerNav((s) => s.orderId);
  return (
    <div className="review">
      <section className="card" aria-labelledby="review-filters-title">
        <h3 id="review-filters-title">{t('review.filters')}</h3>
        <ReviewFilterForm initial={filters} onApply={setFilters} />
      </section>
      <section className="card review-list" aria-labelledby="review-list-title">
        <h3 id="review-list-title">{t('review.list')}</h3>
        <RangeTotals summary={pages.first?.summary} />
        <ErrorNote error={pages.error} />
        {pages.isLoading && <p role="status">{t('common.loading')}</p>}
        {pages.first && <OrderRows rows={pages.rows} count={pages.first.summary.count} pages={pages} />}
        <ExportButtons report={{ report: 'orders', range: input.range, filters: input.filters }} label={t('review.export')} />
      </section>
      {orderId && <OrderDetail key={orderId} orderId={orderId} onClose={() => showOrderDetail(null)} />}
    </div>
  );
}

/** The whole range's count and totals, however many rows are loaded. */
export function RangeTotals({ summary }: { summary: RangeSummary | undefined }) {
  const { t, money } = useI18n();
  return (
    <dl className="facts range-totals" aria-label={t('review.totals')} aria-live="polite">
      <dt>{t('review.count')}</dt>
      <dd data-testid="range-count">{summary ? summary.count : '…'}</dd>
      <dt>{t('review.total')}</dt>
      <dd data-testid="range-total">{summary ? money(summary.totalAmount) : '…'}</dd>
      <dt>{t('review.paid')}</dt>
      <dd data-testid="range-paid">{summary ? money(summary.paidAmount) : '…'}</dd>
      <dt>{t('review.refunded')}</dt>
      <dd data-testid="range-refunded">{summary ? money(summary.refundedAmount) : '…'}</dd>
    </dl>
  );
}

function OrderRows({
  rows,
  count,
  pages,
}: {
  rows: ManagerOrderRow[];
  count: number;
  pages: { hasMore: boolean; loadingMore: boolean; loadMore: () => void };
}) {
  const { t } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const { hasMore, loadingMore, loadMore } = pages;
  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - PREFETCH_ROWS) loadMore();
  }, [last, rows.length, hasMore, loadingMore, loadMore]);

  if (count === 0) return <p className="muted">{t('orders.none')}</p>;
  return (
    <>
      <div role="table" aria-label={t('review.table')} aria-rowcount={count + 1} className="vtable">
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="vrow vhead">
            <span role="columnheader">{t('orders.number')}</span>
            <span role="columnheader">{t('review.time')}</span>
            <span role="columnheader">{t('review.clerk')}</span>
            <span role="columnheader">{t('orders.lines')}</span>
            <span role="columnheader">{t('orders.status')}</span>
            <span role="columnheader" className="num">
              {t('orders.total')}
            </span>
            <span role="columnheader" className="num">
              {t('review.paid')}
            </span>
            <span role="columnheader">{t('orders.sync')}</span>
            <span role="columnheader">
              <span className="sr-only">{t('orders.actions')}</span>
            </span>
          </div>
        </div>
        {/* Keyboard users scroll the list itself; the rows' buttons follow in view. */}
        <div ref={scroller} role="rowgroup" className="vbody" tabIndex={0} aria-label={t('review.rows')}>
          <div className="vspace" style={{ height: virtual.getTotalSize() }}>
            {items.map((item) => (
              <OrderRow key={rows[item.index]!.orderId} row={rows[item.index]!} index={item.index} start={item.start} />
            ))}
          </div>
        </div>
      </div>
      <div className="row" aria-live="polite">
        {hasMore ? (
          <button type="button" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? t('common.loading') : t('review.more')}
          </button>
        ) : (
          <p className="muted">{t('review.allShown', { count })}</p>
        )}
      </div>
    </>
  );
}

function OrderRow({ row, index, start }: { row: ManagerOrderRow; index: number; start: number }) {
  const { t, money, dateTime } = useI18n();
  return (
    <div role="row" aria-rowindex={index + 2} className="vrow" style={{ transform: `translateY(${start}px)` }}>
      <span role="cell" className="stacked">
        {row.orderNumber}
        {row.centralOrderNumber && row.centralOrderNumber !== row.orderNumber && (
          <span className="small muted">{row.centralOrderNumber}</span>
        )}
      </span>
      <span role="cell">{dateTime(row.createdOn)}</span>
      <span role="cell">{row.clerk?.name ?? t('review.noClerk')}</span>
      <span role="cell" className="ellipsis" title={row.lines}>
        {row.lines}
      </span>
      <span role="cell">{t(`orderStatus.${statusKey(row.statusId)}`)}</span>
      <span role="cell" className="num">
        {money(row.totalAmount)}
      </span>
      <span role="cell" className="num">
        {money(row.paidAmount)}
      </span>
      <span role="cell">{t(`syncState.${row.syncState}`)}</span>
      <span role="cell">
        <button type="button" onClick={() => showOrderDetail(row.orderId)}>
          <SeenFirst seen={t('review.detailsShort')} more={t('review.details', { number: row.orderNumber })} />
        </button>
      </span>
    </div>
  );
}
