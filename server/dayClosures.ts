import type { DayClosure, DayClosureInput } from '../shared/manager/closure';
import type { OrderStore, PageAfter } from '../domain/store/types';

export type Stored = { created: true; closure: DayClosure } | { created: false; closure: DayClosure } | { otherTouchpoint: true };

/**
 * The central's day closes, kept by the order store (domain/store/dayClosures.ts) on either
 * backend: one per close id, the first one sent is kept, a repeat from the same touchpoint
 * answers it unchanged, and a close id another touchpoint holds is refused.
 */
export class DayClosures {
  constructor(
    private readonly store: OrderStore,
    private readonly now: () => Date,
  ) {}

  async put(input: DayClosureInput, touchpointId: number): Promise<Stored> {
    const closure: DayClosure = { ...input, touchpointId, receivedOn: this.now().toISOString() };
    const stored = await this.store.putDayClosure({
      closeId: input.closeId,
      touchpointId,
      deviceId: input.deviceId,
      businessDate: input.businessDate,
      closedAt: input.closedAt,
      receivedOn: closure.receivedOn,
      doc: JSON.stringify(closure),
    });
    if (stored.touchpointId !== touchpointId) return { otherTouchpoint: true };
    if (stored.created) return { created: true, closure };
    return { created: false, closure: JSON.parse(stored.doc) as DayClosure };
  }

  /** A touchpoint's closes in (businessDate, closeId) order, from `businessDateFrom` on. */
  async list(touchpointId: number, from: string | undefined, limit: number, after: PageAfter | null) {
    const page = await this.store.listDayClosures(touchpointId, from, limit, after);
    return { rows: page.docs.map((doc) => JSON.parse(doc) as DayClosure), next: page.next };
  }
}
