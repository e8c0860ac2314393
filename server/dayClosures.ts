import type { DayClosure, DayClosureInput, ReconciledDayClosure } from '../shared/manager/closure';
import type { Order } from '../shared/schemas/order';
import { closureProblems } from './dayClosureChecks';
import { reconcile } from '../domain/reports/reconciliation';
import { dayBounds } from '../domain/reports/timeZone';
import type { OrderStore, PageAfter } from '../domain/store/types';

export type Stored =
  | { created: boolean; closure: ReconciledDayClosure }
  /** Another close holds the id or the touchpoint's day (or the id is another touchpoint's). */
  | { conflict: 'otherTouchpoint' | 'otherBody' | 'dayTaken'; closeId: string };

/** JSON with every object's keys sorted: two closes are the same body whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The body a close was sent with, its id in lower case (docs/api.md §10.4). */
const bodyOf = (close: DayClosureInput | DayClosure) => {
  const { touchpointId: _t, receivedOn: _r, ...body } = close as DayClosure;
  return canonical({ ...body, closeId: body.closeId.toLowerCase() });
};

/** How many of a touchpoint's orders a reconciliation reads per page. */
const ORDER_PAGE = 500;

/**
 * The central's day closes, kept by the order store (domain/store/dayClosures.ts) on either
 * backend: one per close id (compared in lower case) and one per touchpoint and business day;
 * the first one sent is kept and a repeat of it answers it unchanged. Each close answered
 * carries the central's own figures of that day beside the counter's (docs/api.md §10.4).
 */
export class DayClosures {
  constructor(
    private readonly store: OrderStore,
    private readonly now: () => Date,
  ) {}

  /** What does not add up in a close (docs/api.md §10.4), by the central's clock. */
  problems(input: DayClosureInput) {
    return closureProblems(input, this.now());
  }

  async put(input: DayClosureInput, touchpointId: number): Promise<Stored> {
    const closeId = input.closeId.toLowerCase();
    const closure: DayClosure = { ...input, closeId, touchpointId, receivedOn: this.now().toISOString() };
    const stored = await this.store.putDayClosure({
      closeId,
      touchpointId,
      deviceId: input.deviceId,
      businessDate: input.businessDate,
      closedAt: input.closedAt,
      receivedOn: closure.receivedOn,
      doc: JSON.stringify(closure),
    });
    if (stored.created) return { created: true, closure: await this.reconciled(closure) };
    const { kept } = stored;
    if (kept.closeId !== closeId) return { conflict: 'dayTaken', closeId: kept.closeId };
    if (kept.touchpointId !== touchpointId) return { conflict: 'otherTouchpoint', closeId: kept.closeId };
    const keptClose = JSON.parse(kept.doc) as DayClosure;
    if (bodyOf(keptClose) !== bodyOf(input)) return { conflict: 'otherBody', closeId: kept.closeId };
    return { created: false, closure: await this.reconciled(keptClose) };
  }

  /**
   * A touchpoint's closes (every touchpoint's with `null`) in (businessDate, closeId) order,
   * from `businessDateFrom` on; with `mismatchOnly`, those whose figures differ from the
   * central's, read on until the page is full.
   */
  async list(touchpointId: number | null, from: string | undefined, limit: number, after: PageAfter | null, mismatchOnly = false) {
    const rows: ReconciledDayClosure[] = [];
    let position = after;
    for (;;) {
      const page = await this.store.listDayClosures(touchpointId, from, limit, position);
      for (const doc of page.docs) {
        const close = await this.reconciled(JSON.parse(doc) as DayClosure);
        if (mismatchOnly && close.reconciliation.matches) continue;
        // One more close than the page holds: another page follows.
        if (rows.length === limit) return { rows, next: positionOf(rows[limit - 1]!) };
        rows.push(close);
      }
      if (!page.next) return { rows, next: null };
      position = page.next;
    }
  }

  /** The close with the central's figures of its touchpoint and day, as they are now (orders may arrive after the close). */
  private async reconciled(close: DayClosure): Promise<ReconciledDayClosure> {
    const { from, to } = dayBounds(close.businessDate, close.timeZone);
    const orders: Order[] = [];
    let after: PageAfter | null = null;
    do {
      // An order whose money moved within the day was made before its end and changed after its start.
      const page = await this.store.list({ touchpointId: close.touchpointId, updatedAfter: from, createdBefore: to }, ORDER_PAGE, after);
      orders.push(...page.rows.map((row) => JSON.parse(row.doc) as Order));
      after = page.next;
    } while (after);
    return { ...close, reconciliation: reconcile(close, orders) };
  }
}

const positionOf = (close: DayClosure): PageAfter => ({ key: close.businessDate, orderId: close.closeId });
