import { METHOD_KINDS, methodId } from '../../../shared/paymentMethods';
import type { Catalog } from '../../../domain/catalog';
import { localDateTime } from '../../../domain/reports/timeZone';
import type { Report } from './export';
import { EXPORT_WORDS, type ExportLanguage, type ExportWords } from './exportWords';

/**
 * What every export says besides its figures (docs/counter.md §10, "Exports"): the manager's
 * language, the store (the counter's touchpoint), the counter (its name in the reference data),
 * the period in words and the time zone the times are in. Plain data: the export worker gets it
 * with the job.
 */
export interface ExportContext {
  language: ExportLanguage;
  timeZone: string;
  store: string;
  counter: string;
  /** The payment methods' names in the manager's language, by id. */
  methodNames: Record<number, string>;
  /** When the export was asked for (ISO). */
  madeAt: string;
  /** The counter's business day then: open orders made before it were abandoned. */
  today: string;
}

export const wordsOf = (ctx: Pick<ExportContext, 'language'>): ExportWords => EXPORT_WORDS[ctx.language];

/** The counter's own: where it sells and what it is called, its payment methods named in `language`. */
export function exportContext(input: {
  language: ExportLanguage;
  timeZone: string;
  catalog: Catalog;
  touchpointId: number;
  deviceId: string;
  madeAt: string;
  today: string;
}): ExportContext {
  const w = EXPORT_WORDS[input.language];
  const methods = [...input.catalog.paymentMethods.values()];
  const kinds = new Map(METHOD_KINDS.map((kind) => [methodId(methods, kind), kind]));
  // The prefix of this counter's order numbers (counter.ts): what a counter the reference data does not name goes by.
  const prefix = `K${input.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase()}`;
  return {
    language: input.language,
    timeZone: input.timeZone,
    store: input.catalog.touchpoints.get(input.touchpointId)?.name ?? '—',
    counter: input.catalog.deviceAlias(input.deviceId) ?? w.counterFallback.replace('{prefix}', prefix),
    methodNames: Object.fromEntries(
      methods.map((m) => {
        const kind = kinds.get(m.paymentMethodId);
        return [m.paymentMethodId, kind ? w.methodKind[kind] : m.name];
      }),
    ),
    madeAt: input.madeAt,
    today: input.today,
  };
}

const dayWords = (day: string, locale: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
};

/** "24 oktober 2026", or "24 oktober 2026 – 31 oktober 2026". */
export const periodWords = (ctx: ExportContext, first: string, last = first) => {
  const { locale } = wordsOf(ctx);
  return first === last ? dayWords(first, locale) : `${dayWords(first, locale)} – ${dayWords(last, locale)}`;
};

/** "Midden-Europese tijd", "Central European Time": the zone's name in words, not its code. */
const zoneWords = (ctx: ExportContext) =>
  new Intl.DateTimeFormat(wordsOf(ctx).locale, { timeZone: ctx.timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date(ctx.madeAt))
    .find((p) => p.type === 'timeZoneName')?.value ?? ctx.timeZone;

/** A report's title, file period and heading lines, for the days `first` to `last`. */
export function reportFrame(ctx: ExportContext, name: Report['name'], title: string, first: string, last = first): Omit<Report, 'tables'> {
  const w = wordsOf(ctx);
  const period = periodWords(ctx, first, last);
  const days = first === last ? first : `${first}_${last}`;
  return {
    name,
    title,
    period: days,
    nameParts: [title, ctx.store, ctx.counter, days, ctx.timeZone],
    heading: [
      `${w.store}: ${ctx.store}`,
      `${w.counter}: ${ctx.counter}`,
      `${w.period}: ${period}`,
      `${w.timesIn}: ${zoneWords(ctx)}`,
      `${w.made}: ${localDateTime(ctx.madeAt, ctx.timeZone)}`,
    ],
    runningHead: [title, ctx.store, period].filter(Boolean).join(' · '),
    locale: w.locale,
  };
}
