import { describe, expect, it } from 'vitest';
import { testClock } from '../testing/clock';
import { ClockOffset } from './clockOffset';

/** The offset from a Date header (docs/api.md §11.4), and the times a counter sends with it. */

const NOW = '2026-03-02T10:00:00.000Z';
const header = (iso: string) => new Date(iso).toUTCString();

function measured(centralIso: string) {
  const clock = testClock(NOW);
  const offset = new ClockOffset(clock);
  const at = clock().getTime();
  offset.observe(header(centralIso), at - 100, at + 100);
  return { offset, clock };
}

describe('ClockOffset', () => {
  it('is unknown before an answer, and sends times as they are', () => {
    const offset = new ClockOffset(testClock(NOW));
    expect(offset.ms).toBeNull();
    expect(offset.off).toBe(false);
    expect(offset.centralTime('2026-03-02T09:59:00.000Z')).toBe('2026-03-02T09:59:00.000Z');
  });

  it('takes the middle of the header’s second and of the round trip', () => {
    // The central says 09:00:00 (its time lies in [09:00:00, 09:00:01)); the counter reads 10:00:00.000.
    expect(measured('2026-03-02T09:00:00.000Z').offset.ms).toBe(3_600_000 - 500);
    expect(measured('2026-03-02T10:00:00.000Z').offset.ms).toBe(-500);
  });

  it('ignores an answer without a readable Date header', () => {
    const offset = new ClockOffset(testClock(NOW));
    offset.observe(undefined, 0, 1);
    offset.observe('yesterday-ish', 0, 1);
    expect(offset.ms).toBeNull();
  });

  it('is off beyond 2 minutes either way, and corrects only then', () => {
    const slightly = measured('2026-03-02T09:59:00.000Z').offset; // 59.5 s ahead
    expect(slightly.off).toBe(false);
    expect(slightly.centralTime('2026-03-02T09:58:00.000Z')).toBe('2026-03-02T09:58:00.000Z');

    const ahead = measured('2026-03-02T09:00:00.000Z').offset;
    expect(ahead.off).toBe(true);
    expect(ahead.centralTime('2026-03-02T09:58:00.000Z')).toBe('2026-03-02T08:58:00.500Z');

    const behind = measured('2026-03-02T10:10:00.000Z').offset;
    expect(behind.off).toBe(true);
    expect(behind.centralTime('2026-03-02T09:58:00.000Z')).toBe('2026-03-02T10:08:00.500Z');
  });

  it('never sends a time more than 2 minutes after the central’s now (a sale from before the clock was set back)', () => {
    const { offset } = measured('2026-03-02T10:00:00.000Z');
    // Made at 11:00 by the clock as it was then; the clock is right now, the central at 10:00:00.5.
    expect(offset.centralTime('2026-03-02T11:00:00.000Z')).toBe('2026-03-02T10:00:00.500Z');
    expect(offset.centralTime('2026-03-02T10:01:00.000Z')).toBe('2026-03-02T10:01:00.000Z');
  });

  it('tells its listeners of a first measure and a step across the line, not of every answer', () => {
    const clock = testClock(NOW);
    const offset = new ClockOffset(clock);
    let told = 0;
    offset.onChange(() => told++);
    const at = clock().getTime();
    offset.observe(header('2026-03-02T10:00:00.000Z'), at, at);
    offset.observe(header('2026-03-02T10:00:01.000Z'), at, at);
    expect([told, offset.version]).toEqual([1, 1]);
    offset.observe(header('2026-03-02T09:50:00.000Z'), at, at);
    expect([told, offset.version, offset.off]).toEqual([2, 2, true]);
  });
});
