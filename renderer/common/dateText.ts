import type { Lang } from '../i18n/i18n';

/**
 * Calendar dates as the counter's language writes them (nl 15-06-1990, en 15/06/1990), not
 * as the browser's locale would: a date field is a text field in the app's format. What is
 * typed is read day first in either separator, or as ISO (2026-11-23, as a scanner or a
 * paste gives it); the screens keep ISO days (YYYY-MM-DD).
 */

const SEPARATOR: Record<Lang, string> = { nl: '-', en: '/' };

export function formatDay(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const s = SEPARATOR[lang];
  return `${m[3]}${s}${m[2]}${s}${m[1]}`;
}

/** The ISO day of what was typed, or null when it is not a real calendar day. */
export function parseDay(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(m) - 1 || date.getDate() !== Number(d)) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}
