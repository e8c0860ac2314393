import { encodeCursor } from '../../server/paging';
import { createdOn, externalIdOf, lastUpdatedOn, seedId, type VarietyOptions } from './variety';

/**
 * The GET /orders requests of the central benchmark: each filter, the customer scope, and
 * the change feed a counter pulls (its first page and one 90% deep), all derived from the
 * seed's rules (variety.ts), so the same request means the same thing at any scale: the
 * same number of orders in the time ranges, the same token, a cursor at the same depth.
 */
export interface Probe {
  name: string;
  path: string;
  /** Sent with the heavy customer's JWT: the customer scope. */
  customer?: boolean;
}

const PAGE = 20;

export function probes(o: VarietyOptions, xTat: string): Probe[] {
  const mid = Math.floor(o.count / 2);
  let external = mid;
  while (externalIdOf(external) === null) external++;
  const deep = Math.floor(o.count * 0.9);
  const cursor = encodeURIComponent(encodeCursor({ key: lastUpdatedOn(o, deep), orderId: seedId(1, deep) }, true));
  const since = encodeURIComponent(createdOn(o, 0));
  const touchpoint = o.touchpoints[0]!.salesTouchpointId;
  const q = (query: string) => `/api/2.0/orders?${query}`;
  const recent = (i: number, stamp: (o: VarietyOptions, i: number) => string) => encodeURIComponent(stamp(o, o.count - i));
  return [
    { name: 'first page', path: q(`limit=${PAGE}`) },
    { name: 'orderId', path: q(`orderId=${seedId(1, mid)}`) },
    { name: 'orderNumber', path: q(`orderNumber=${100_000_000 + o.firstSequence + mid}`) },
    { name: 'externalOrderId', path: q(`externalOrderId=ext-${external}`) },
    {
      name: 'created range (100)',
      path: q(`createdAfter=${recent(200, createdOn)}&createdBefore=${recent(100, createdOn)}&limit=${PAGE}`),
    },
    { name: 'updatedBefore', path: q(`updatedBefore=${recent(100, lastUpdatedOn)}&limit=${PAGE}`) },
    { name: 'rare status', path: q(`orderStatusId=6&limit=${PAGE}`) },
    { name: 'open statuses', path: q(`orderStatusId=1,2,3&limit=${PAGE}`) },
    { name: 'customer', path: q(`customerProfileId=${o.heavy.customerProfileId}&limit=${PAGE}`) },
    { name: 'customer scope', path: q(`limit=${PAGE}`), customer: true },
    { name: 'xTat', path: q(`xTat=${xTat}&limit=${PAGE}`) },
    { name: 'touchpoint', path: q(`touchpointId=${touchpoint}&limit=${PAGE}`) },
    { name: 'pull, first page', path: q(`updatedAfter=${since}&touchpointId=${touchpoint}&limit=100`) },
    { name: 'pull, 90% deep', path: q(`updatedAfter=${since}&touchpointId=${touchpoint}&limit=100&cursor=${cursor}`) },
    { name: 'changes, 90% deep', path: q(`updatedAfter=${since}&limit=100&cursor=${cursor}`) },
  ];
}
