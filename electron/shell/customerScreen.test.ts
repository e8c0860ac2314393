import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerScreen, type ScreenInfo } from './customerScreen';

const screenAt = (id: number, x: number, extra: Partial<ScreenInfo> = {}): ScreenInfo => ({
  id,
  bounds: { x, y: 0, width: 1920, height: 1080 },
  ...extra,
});

describe('the customer display’s screen (docs/api.md §9.4)', () => {
  it('is none with only the clerk’s screen', () => {
    expect(customerScreen([screenAt(1, 0)], 1)).toBeNull();
    expect(customerScreen([], 1)).toBeNull();
  });

  it('is the other screen beside the clerk’s, wherever the primary is listed', () => {
    expect(customerScreen([screenAt(1, 0), screenAt(2, 1920)], 1)?.id).toBe(2);
    expect(customerScreen([screenAt(2, 1920), screenAt(1, 0)], 1)?.id).toBe(2);
    expect(customerScreen([screenAt(1, 0), screenAt(2, 1920)], 2)?.id).toBe(1);
  });

  it('prefers an external screen to a laptop’s own panel that is not the primary', () => {
    const laptop = screenAt(1, -1920, { internal: true });
    const primary = screenAt(2, 0, { internal: false });
    const external = screenAt(3, 1920, { internal: false });
    expect(customerScreen([laptop, primary, external], 2)?.id).toBe(3);
    expect(customerScreen([laptop, primary], 2)?.id).toBe(1);
  });

  it('takes the leftmost of several, and skips a screen of no size', () => {
    const gone = { id: 4, bounds: { x: -5000, y: 0, width: 0, height: 0 } };
    expect(customerScreen([screenAt(1, 0), screenAt(3, 3840), screenAt(2, 1920), gone], 1)?.id).toBe(2);
  });

  it('never picks the primary, and picks the same screen whatever the order of the list', () => {
    const screens = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 9 }), x: fc.integer({ min: -4000, max: 4000 }), internal: fc.boolean() }),
      { selector: (s) => s.id, minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(screens, fc.nat(), (list, pick) => {
        const displays = list.map((s) => screenAt(s.id, s.x, { internal: s.internal }));
        const primary = displays[pick % displays.length]!.id;
        const chosen = customerScreen(displays, primary);
        const reversed = customerScreen([...displays].reverse(), primary);
        expect(chosen?.id).not.toBe(primary);
        expect(chosen === null).toBe(displays.length === 1);
        expect(reversed?.id).toBe(chosen?.id);
      }),
    );
  });
});
