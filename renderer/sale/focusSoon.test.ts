// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusSoon } from './saleStore';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focusSoon', () => {
  it('focuses the element once it is drawn', () => {
    vi.useFakeTimers();
    focusSoon('pay');
    vi.advanceTimersByTime(48);
    document.body.innerHTML = '<button id="pay">Pay</button>';
    vi.advanceTimersByTime(16);
    expect(document.activeElement?.id).toBe('pay');
  });

  it('keeps trying on its own document after the global one is gone (a test environment torn down mid-way)', () => {
    vi.useFakeTimers();
    focusSoon('never-drawn');
    vi.stubGlobal('document', undefined);
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
  });
});
