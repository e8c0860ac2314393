import { z } from 'zod';
import {
  auditListInput,
  businessDayInput,
  cashTotal,
  dayCloseInput,
  dayListInput,
  dayOpenInput,
  managerOrdersInput,
  reportsExportInput,
  reportsSummaryInput,
  staleCancelInput,
  type ReportName,
} from '../manager/schemas';
import type {
  AuditPage,
  ClosedDay,
  DayReport,
  DayStatus,
  ExportAnswer,
  ManagerOrderDetail,
  ManagerOrdersPage,
  ReportSummary,
  StaleCancelOutcome,
  StaleConcept,
} from '../manager/types';
import { channel, type Words } from './declare';
import { orderId, type CounterOrder } from './sale';

/** The manager's day: review, stale concepts, the drawer and its X and Z reports, reports and export, the audit trail. */

const none = z.object({});
const REPORT_WORDS: Record<ReportName, Words> = {
  orders: { en: 'the orders', nl: 'de bestellingen' },
  summary: { en: 'the summary', nl: 'het overzicht' },
  zReport: { en: 'a Z report', nl: 'een Z-rapport' },
  audit: { en: 'the audit trail', nl: 'het logboek' },
};
const named = (en: string, nl: string) => ({ act: { en, nl }, recorded: 'refusals' as const });

export const managerChannels = {
  'manager.orders': channel<ManagerOrdersPage>()({
    input: managerOrdersInput,
    access: 'manager',
    kind: 'read',
    audit: named('Order review', 'Overzicht van bestellingen'),
  }),
  'manager.order': channel<ManagerOrderDetail & { order: CounterOrder }>()({
    input: orderId,
    access: 'manager',
    kind: 'read',
    audit: named('Order details', 'Details van een bestelling'),
  }),
  'manager.staleConcepts': channel<StaleConcept[]>()({
    input: none,
    access: 'manager',
    kind: 'read',
    audit: named('Open orders of earlier days', 'Open bestellingen van eerdere dagen'),
  }),
  'manager.cancelStale': channel<StaleCancelOutcome>()({
    input: staleCancelInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Open orders of earlier days cancelled', nl: 'Open bestellingen van eerdere dagen geannuleerd' },
      words: {
        en: '{count} {count|open order|open orders} of earlier days cancelled',
        nl: '{count} {count|open bestelling|open bestellingen} van eerdere dagen geannuleerd',
      },
      values: (_input, answer) => ({ count: { count: answer.cancelled.length } }),
      recorded: 'always',
    },
  }),
  'day.status': channel<DayStatus>()({ input: none, access: 'manager', kind: 'read', audit: named('Drawer status', 'Stand van de kassa') }),
  'day.open': channel<DayStatus>()({
    input: dayOpenInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Drawer opened', nl: 'Kassa geopend' },
      words: { en: 'Drawer opened with a float of {float}', nl: 'Kassa geopend met {float} wisselgeld' },
      values: ({ float }) => ({ float: { money: cashTotal(float) } }),
      recorded: 'always',
    },
  }),
  'day.xReport': channel<DayReport>()({ input: none, access: 'manager', kind: 'read', audit: named('X report', 'X-rapport') }),
  'day.close': channel<DayReport>()({
    input: dayCloseInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Day closed', nl: 'Dag afgesloten' },
      words: { en: 'Day {date} closed, {counted} counted', nl: 'Dag {date} afgesloten, {counted} geteld' },
      values: ({ counted }, report) => ({ date: { date: report.businessDate }, counted: { money: cashTotal(counted) } }),
      note: ({ note }) => note || null,
      recorded: 'always',
    },
  }),
  'day.zReport': channel<DayReport>()({ input: businessDayInput, access: 'manager', kind: 'read', audit: named('Z report', 'Z-rapport') }),
  'day.list': channel<ClosedDay[]>()({
    input: dayListInput,
    access: 'manager',
    kind: 'read',
    audit: named('Closed days', 'Afgesloten dagen'),
  }),
  'reports.summary': channel<ReportSummary>()({
    input: reportsSummaryInput,
    access: 'manager',
    kind: 'read',
    audit: named('Reports', 'Rapporten'),
  }),
  'reports.export': channel<ExportAnswer>()({
    input: reportsExportInput,
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'Export', nl: 'Export' },
      words: { en: 'Exported {report} as {format}', nl: '{report} geëxporteerd als {format}' },
      values: ({ report, format }) => ({ report: REPORT_WORDS[report], format: { text: format.toUpperCase() } }),
      recorded: 'always',
    },
  }),
  'audit.list': channel<AuditPage>()({ input: auditListInput, access: 'manager', kind: 'read', audit: named('Audit trail', 'Logboek') }),
} as const;
