// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ScanDetector, type ScanVerdict } from './scanner';

/** Feeds keys at the given times; answers the verdicts. */
function feed(detector: ScanDetector, keys: string[], times: number[]): ScanVerdict[] {
  return keys.map((key, i) => detector.feed({ key }, times[i]!));
}
const chars = (s: string) => [...s];
const every = (start: number, gap: number, n: number) => Array.from({ length: n }, (_, i) => start + i * gap);

describe('ScanDetector', () => {
  it('takes a fast burst ending in Enter for a scan, holding back every key after the first', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    const keys = [...chars('3528010000004411'), 'Enter'];
    const verdicts = feed(detector, keys, every(1000, 8, keys.length));
    expect(verdicts[0]).toEqual({ action: 'pass' });
    expect(verdicts.slice(1, -1).every((v) => v.action === 'suppress')).toBe(true);
    expect(verdicts.at(-1)).toEqual({ action: 'scan', value: '3528010000004411' });
  });

  it('lets a person type: keys further apart than the gap all pass, Enter too', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    const keys = [...chars('123456'), 'Enter'];
    const verdicts = feed(detector, keys, every(0, 120, keys.length));
    expect(verdicts.every((v) => v.action === 'pass' && !('flush' in v && v.flush))).toBe(true);
  });

  it('does not take a short fast run for a scan, and gives its held-back keys back', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    const verdicts = feed(detector, ['4', '4', '1', 'Enter'], [0, 10, 20, 30]);
    expect(verdicts.map((v) => v.action)).toEqual(['pass', 'suppress', 'suppress', 'pass']);
    expect(verdicts[3]).toEqual({ action: 'pass', flush: '41' });
  });

  it('gives held-back keys back when the run stops without Enter', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    feed(detector, chars('abc'), [0, 10, 20]);
    expect(detector.expire(30)).toBeNull();
    expect(detector.expire(100)).toBe('bc');
    expect(detector.expire(200)).toBeNull();
  });

  it('keeps a burst whose keys the page got late: the keys’ own stamps decide, not the timer that gave them back', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    const keys = [...chars('3528010000004411'), 'Enter'];
    const times = every(1000, 5, keys.length);
    const first = feed(detector, keys.slice(0, 8), times.slice(0, 8));
    // A busy page: its timer runs before the rest of the burst is handed over.
    expect(detector.expire(times[7]! + 120)).toBe('5280100');
    expect(detector.expire(times[7]! + 240)).toBeNull();
    const rest = keys.slice(8).map((key, i) => detector.feed({ key }, times[8 + i]!));
    expect(first.slice(1).every((v) => v.action === 'suppress')).toBe(true);
    expect(rest.slice(0, -1).every((v) => v.action === 'suppress')).toBe(true);
    expect(rest.at(-1)).toEqual({ action: 'scan', value: '3528010000004411' });
  });

  it('gives a key back once: after the timer gave it, a pause and a new key flush nothing more', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    feed(detector, chars('abc'), [0, 10, 20]);
    expect(detector.expire(200)).toBe('bc');
    expect(detector.feed({ key: 'd' }, 500)).toEqual({ action: 'pass' });
  });

  it('gives them back before a key that comes after a pause starts a new run', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    feed(detector, chars('ab'), [0, 10]);
    expect(detector.feed({ key: 'c' }, 500)).toEqual({ action: 'pass', flush: 'b' });
  });

  it('ignores Shift inside a burst (scanners type capitals with it)', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 6 });
    const keys = ['A', 'Shift', 'B', 'c', 'd', 'e', 'f', 'Enter'];
    const verdicts = feed(detector, keys, every(0, 5, keys.length));
    expect(verdicts.at(-1)).toEqual({ action: 'scan', value: 'ABcdef' });
  });

  it('breaks a run on a key with Ctrl or Alt, and on a slow Enter', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 3 });
    feed(detector, chars('abc'), [0, 5, 10]);
    expect(detector.feed({ key: 'v', ctrlKey: true }, 15)).toEqual({ action: 'pass', flush: 'bc' });

    const slow = new ScanDetector({ maxGapMs: 40, minLength: 3 });
    feed(slow, chars('abcd'), [0, 5, 10, 15]);
    expect(slow.feed({ key: 'Enter' }, 200)).toEqual({ action: 'pass', flush: 'bcd' });
  });

  it('reads two scans in a row', () => {
    const detector = new ScanDetector({ maxGapMs: 40, minLength: 4 });
    const first = feed(detector, [...chars('1111'), 'Enter'], every(0, 5, 5));
    const second = feed(detector, [...chars('2222'), 'Enter'], every(1000, 5, 5));
    expect(first.at(-1)).toEqual({ action: 'scan', value: '1111' });
    expect(second.at(-1)).toEqual({ action: 'scan', value: '2222' });
  });
});
