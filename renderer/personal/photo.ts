import { MAX_PHOTO_BYTES } from '../../shared/enums';

/** The pure part of the passport photo: crop to 35:45 and keep the JPEG under 1 MiB. */

export const PASSPORT_ASPECT = 35 / 45;
/** 35 × 45 mm at 300 dpi. */
export const PASSPORT_SIZE = { width: 413, height: 531 } as const;

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The largest centred rectangle of the given aspect (width / height) inside a source image. */
export function cropToAspect(width: number, height: number, aspect = PASSPORT_ASPECT): CropRect {
  if (width <= 0 || height <= 0) return { sx: 0, sy: 0, sw: 0, sh: 0 };
  if (width / height > aspect) {
    const sw = Math.round(height * aspect);
    return { sx: Math.floor((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / aspect);
  return { sx: 0, sy: Math.floor((height - sh) / 2), sw: width, sh };
}

/** The output size: passport size, or smaller when the source crop is smaller (never upscaled). */
export function outputSize(crop: CropRect): { width: number; height: number } {
  const scale = Math.min(1, crop.sw / PASSPORT_SIZE.width, crop.sh / PASSPORT_SIZE.height);
  return {
    width: Math.max(1, Math.round(PASSPORT_SIZE.width * scale)),
    height: Math.max(1, Math.round(PASSPORT_SIZE.height * scale)),
  };
}

/** The decoded size of a base64 data URI's payload, without decoding it. */
export function dataUriBytes(uri: string): number {
  const comma = uri.indexOf(',');
  const data = comma >= 0 ? uri.slice(comma + 1) : uri;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

export const JPEG_QUALITIES = [0.92, 0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25, 0.15] as const;

export interface EncodedPhoto {
  uri: string;
  bytes: number;
  quality: number;
}

/**
 * Encodes with falling JPEG quality until the photo fits the limit. `encode` is the canvas's
 * `toDataURL('image/jpeg', quality)`; answers null when even the lowest quality is too big.
 */
export function encodeUnderLimit(
  encode: (quality: number) => string,
  limit: number = MAX_PHOTO_BYTES,
  qualities: readonly number[] = JPEG_QUALITIES,
): EncodedPhoto | null {
  for (const quality of qualities) {
    const uri = encode(quality);
    const bytes = dataUriBytes(uri);
    if (bytes <= limit) return { uri, bytes, quality };
  }
  return null;
}

/**
 * What the central accepts (docs/api.md §3.3), checked without decoding: a JPEG data URI (its
 * bytes start FF D8 FF, "/9j/" in base64) of at most 1 MiB. Kept here rather than importing
 * the shared zod schemas, so the renderer's bundle carries no zod.
 */
export function isAcceptableJpeg(uri: string, limit: number = MAX_PHOTO_BYTES): boolean {
  const prefix = 'data:image/jpeg;base64,';
  if (!uri.startsWith(prefix)) return false;
  const data = uri.slice(prefix.length);
  if (!data.startsWith('/9j/') || data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return false;
  return dataUriBytes(uri) <= limit;
}
