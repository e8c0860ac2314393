import type { CatalogView } from '../../shared/ipc';
import type { DayReport, ManagerOrderRow } from '../../shared/manager/types';

/** Builders of the manager's answers, for the renderer's tests only. */

export const CATALOG: CatalogView = {
  products: [],
  languages: [],
  touchpoints: [],
  paymentMethods: [
    { paymentMethodId: 1, name: 'Contant', provider: 'counter' },
    { paymentMethodId: 2, name: 'PIN', provider: 'terminal' },
  ],
  refreshedAt: '2026-11-23T08:00:00.000Z',
  source: 'bundled demo',
};

export function dayReport(r: Partial<DayReport> = {}): DayReport {
  return {
    businessDate: '2026-11-23',
    timeZone: 'Europe/Amsterdam',
    from: '2026-11-22T23:00:00.000Z',
    to: '2026-11-23T23:00:00.000Z',
    kind: 'X',
    state: 'open',
    openedAt: '2026-11-23T07:00:00.000Z',
    openedBy: { staffId: 'mark', name: 'Mark Jansen' },
    closedAt: null,
    closedBy: null,
    note: null,
    methods: [{ paymentMethodId: 1, name: 'Contant', payments: 3400, paymentCount: 2, refunds: 0, refundCount: 0, expected: 3400 }],
    cash: { float: 10000, expected: 13400, counted: null, countedByDenomination: null, difference: null },
    orders: { count: 2, byStatus: [{ statusId: 5, count: 2 }] },
    failedPayments: 0,
    reachedCentralAt: null,
    generatedAt: '2026-11-23T12:00:00.000Z',
    ...r,
  };
}

let seq = 0;
export function orderRow(r: Partial<ManagerOrderRow> = {}): ManagerOrderRow {
  seq += 1;
  return {
    orderId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    orderNumber: `KAB12-${String(seq).padStart(6, '0')}`,
    centralOrderNumber: null,
    createdOn: '2026-11-23T10:00:00.000Z',
    statusId: 5,
    clerk: { staffId: 'anna', name: 'Anna de Vries' },
    lines: '1× Dagkaart volwassene',
    lineCount: 1,
    totalAmount: 950,
    paidAmount: 950,
    refundedAmount: 0,
    syncState: 'synced',
    ...r,
  };
}
