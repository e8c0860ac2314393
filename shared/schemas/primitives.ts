import { z } from 'zod';
import { MAX_PHOTO_BYTES } from '../enums';

/** An id of an enumeration of the order interface (docs/api.md §0.2): refuses ids outside the table. */
export function enumId(table: Record<number, string>, what: string) {
  const ids = Object.keys(table).map(Number);
  return z
    .number()
    .int()
    .refine((id) => ids.includes(id), { message: `${what} must be one of ${ids.join(', ')}` });
}

/** Any 8-4-4-4-12 hex id: ids made by other systems (like the demo's) need not carry an RFC 4122 version. */
export const uuid = z.guid({ message: 'must be a uuid' });
export const int = z.number().int();
export const positiveInt = z.number().int().min(1);

/** A calendar date YYYY-MM-DD; `2020-02-30` is refused. */
export const calendarDate = z.iso.date({ message: 'must be a calendar date (YYYY-MM-DD)' });

/**
 * A time stamp as the interface allows it: with or without a zone designator. One without a
 * zone is read as UTC (docs/api.md §3.1); all are normalised to UTC with a `Z` so that stored
 * time stamps sort as text.
 */
export const timestamp = z.iso
  .datetime({ offset: true, local: true, message: 'must be a date-time (ISO 8601)' })
  .transform((s) => toUtc(s));

export function toUtc(s: string): string {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(s) ? s : `${s}Z`;
  return new Date(zoned).toISOString();
}

/** Query parameters arrive as text: these parse them strictly (no `''` → 0 coercion). */
export const intParam = z
  .string()
  .regex(/^-?\d{1,15}$/, 'must be an integer')
  .transform(Number);

export function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .transform((s) => s.split(',').map((part) => part.trim()))
    .pipe(z.array(item).min(1));
}

export const intItem = z
  .string()
  .regex(/^-?\d{1,15}$/, 'must be an integer')
  .transform(Number);

export function enumIdList(table: Record<number, string>, what: string) {
  return commaList(intItem.pipe(enumId(table, what)));
}

const IMAGE_SIGNATURES: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** Decodes base64 where both Node and browsers run (atob is in both). */
function decodeBase64(data: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return null;
  try {
    const bin = atob(data);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Why a photo data URI is refused, or null when it is a JPEG or PNG of at most 1 MiB. */
export function photoProblem(uri: string): string | null {
  const match = /^data:(image\/(?:jpeg|png));base64,(.*)$/s.exec(uri);
  if (!match) return 'the photo must be a data:image/jpeg;base64, or data:image/png;base64, URI';
  const [, mime, data] = match as unknown as [string, string, string];
  // Checked on the encoded length first, so a huge string is never decoded.
  if ((data.length * 3) / 4 - 2 > MAX_PHOTO_BYTES) return 'the photo may be at most 1 MiB';
  const bytes = decodeBase64(data);
  if (!bytes) return 'the photo is not valid base64';
  if (bytes.length > MAX_PHOTO_BYTES) return 'the photo may be at most 1 MiB';
  const signature = IMAGE_SIGNATURES[mime]!;
  if (!signature.every((b, i) => bytes[i] === b)) return `the photo's bytes are not a ${mime} image`;
  return null;
}

export const photo = z.string().superRefine((uri, ctx) => {
  const problem = photoProblem(uri);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
