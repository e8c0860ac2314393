import type { DayClosureInput } from '../../shared/manager/closure';

/** Day-close bodies for the tests of docs/api.md §10.4: each a new close id, on the day asked. */

let closes = 0;

export function closureBody(businessDate: string, extra: Partial<DayClosureInput> = {}): DayClosureInput {
  closes++;
  return {
    closeId: `11111111-0000-4000-8000-${String(closes).padStart(12, '0')}`,
    deviceId: 'device-1',
    businessDate,
    timeZone: 'Europe/Amsterdam',
    openedAt: `${businessDate}T06:00:00.000Z`,
    closedAt: `${businessDate}T20:00:00.000Z`,
    closedBy: { staffId: 'mark', name: 'Mark Jansen' },
    note: 'five cents short',
    methods: [{ paymentMethodId: 1, name: 'Contant', payments: 1340, paymentCount: 3, refunds: 340, refundCount: 1, expected: 1000 }],
    cash: {
      float: 10000,
      expected: 11000,
      counted: 10995,
      difference: -5,
      countedByDenomination: { '10000': 1, '500': 1, '200': 2, '50': 1, '20': 2, '5': 1 },
    },
    orderCount: 4,
    failedPayments: 1,
    ...extra,
  };
}
