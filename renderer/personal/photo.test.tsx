// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../shared/enums';
import { PASSPORT_ASPECT, PASSPORT_SIZE, cropToAspect, dataUriBytes, encodeUnderLimit, isAcceptableJpeg, outputSize } from './photo';

/** A data URI whose payload decodes to exactly `bytes` bytes of a JPEG. */
function jpegOf(bytes: number): string {
  const raw = new Uint8Array(bytes);
  raw.set([0xff, 0xd8, 0xff].slice(0, bytes));
  return `data:image/jpeg;base64,${Buffer.from(raw).toString('base64')}`;
}

describe('passport crop', () => {
  it('crops a landscape camera picture to a centred 35:45 strip of its full height', () => {
    const crop = cropToAspect(1280, 960);
    expect(crop.sh).toBe(960);
    expect(crop.sw).toBe(Math.round(960 * PASSPORT_ASPECT));
    expect(crop.sx).toBe(Math.floor((1280 - crop.sw) / 2));
    expect(crop.sy).toBe(0);
  });

  it('crops a tall picture to its full width, centred vertically', () => {
    const crop = cropToAspect(700, 2000);
    expect(crop.sw).toBe(700);
    expect(crop.sh).toBe(900);
    expect(crop.sy).toBe(550);
  });

  it('outputs passport size, never upscaling a small picture', () => {
    expect(outputSize(cropToAspect(1280, 960))).toEqual(PASSPORT_SIZE);
    const small = outputSize(cropToAspect(140, 180));
    expect(small.width).toBeLessThanOrEqual(140);
    expect(small.height).toBeLessThanOrEqual(180);
    expect(small.width / small.height).toBeCloseTo(PASSPORT_ASPECT, 1);
  });
});

describe('photo size', () => {
  it('counts the decoded bytes of a data URI', () => {
    for (const n of [0, 1, 2, 3, 100, 1001, MAX_PHOTO_BYTES]) expect(dataUriBytes(jpegOf(n))).toBe(n);
  });

  it('lowers the JPEG quality until the photo fits in 1 MiB', () => {
    const tried: number[] = [];
    const sizes: Record<number, number> = { 0.92: 3_000_000, 0.85: 1_500_000, 0.75: MAX_PHOTO_BYTES + 1, 0.65: 900_000 };
    const result = encodeUnderLimit((q) => {
      tried.push(q);
      return jpegOf(sizes[q] ?? 100);
    });
    expect(tried).toEqual([0.92, 0.85, 0.75, 0.65]);
    expect(result?.quality).toBe(0.65);
    expect(result?.bytes).toBe(900_000);
  });

  it('keeps the first quality when it already fits, and accepts exactly 1 MiB', () => {
    expect(encodeUnderLimit(() => jpegOf(MAX_PHOTO_BYTES))?.quality).toBe(0.92);
  });

  it('gives up when even the lowest quality is too big', () => {
    expect(encodeUnderLimit(() => jpegOf(MAX_PHOTO_BYTES + 10))).toBeNull();
  });

  it('accepts only JPEG data URIs of at most 1 MiB', () => {
    expect(isAcceptableJpeg(jpegOf(50_000))).toBe(true);
    expect(isAcceptableJpeg(jpegOf(MAX_PHOTO_BYTES))).toBe(true);
    expect(isAcceptableJpeg(jpegOf(MAX_PHOTO_BYTES + 1))).toBe(false);
    expect(isAcceptableJpeg(jpegOf(10).replace('image/jpeg', 'image/png'))).toBe(false);
    expect(isAcceptableJpeg(`data:image/jpeg;base64,${Buffer.from('GIF89a..').toString('base64')}`)).toBe(false);
  });
});
