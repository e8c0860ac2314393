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

  it('looks for an element of a part that loads on demand only once the part has loaded', async () => {
    vi.useFakeTimers();
    let loaded!: () => void;
    focusSoon('iban', new Promise<void>((resolve) => (loaded = resolve)));
    // Longer than it looks for a drawn element: without waiting for the load it would have given up.
    vi.advanceTimersByTime(1000);
    document.body.innerHTML = '<input id="iban">';
    expect(document.activeElement?.id).not.toBe('iban');
    loaded();
    await vi.advanceTimersByTimeAsync(16);
    expect(document.activeElement?.id).toBe('iban');
  });

  it('moves the focus nowhere when the part cannot load', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button id="here">Here</button><input id="iban">';
    document.getElementById('here')!.focus();
    focusSoon('iban', Promise.reject(new Error('no chunk')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.activeElement?.id).toBe('here');
  });

  it('keeps trying on its own document after the global one is gone (a test environment torn down mid-way)', () => {
    vi.useFakeTimers();
    focusSoon('never-drawn');
    vi.stubGlobal('document', undefined);
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
  });
});
