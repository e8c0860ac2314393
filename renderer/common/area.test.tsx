// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { area, AreaSlot } from './area';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A module that arrives when the test says so, as a chunk over the wire would. */
function deferredModule() {
  let arrive!: (module: { Part: () => React.JSX.Element }) => void;
  let fail!: (error: Error) => void;
  let asked = 0;
  const part = area(() => {
    asked += 1;
    return new Promise<{ Part: () => React.JSX.Element }>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  });
  return { part, arrive: (m: { Part: () => React.JSX.Element }) => arrive(m), fail: (e: Error) => fail(e), asked: () => asked };
}

describe('a part that loads on demand', () => {
  it('is asked for once, shows a status in the screen’s language meanwhile, then the part', async () => {
    const { part, arrive, asked } = deferredModule();
    const Part = part.lazy((m) => m.Part);
    // Rendered in an awaited act, as an app renders outside any: React may then wait for the part.
    await act(async () => {
      renderWith(
        <>
          <button type="button">Before</button>
          <AreaSlot>
            <Part />
          </AreaSlot>
        </>,
        fakeCounter({}),
        'nl',
      );
    });
    screen.getByRole('button', { name: 'Before' }).focus();
    expect((await screen.findByRole('status')).textContent).toBe('Laden…');
    void part.load();
    expect(asked()).toBe(1);
    // The code arrives as a chunk would: outside any render (act lets React finish the suspended one).
    await act(async () => arrive({ Part: () => <h2>The part</h2> }));
    expect(await screen.findByRole('heading', { name: 'The part' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // The status took no focus on its way.
    expect(document.activeElement?.textContent).toBe('Before');

    // Loaded, the part is drawn in the very render that asks for it: no status on the way.
    cleanup();
    renderWith(
      <AreaSlot>
        <Part />
      </AreaSlot>,
      fakeCounter({}),
    );
    expect(screen.getByRole('heading', { name: 'The part' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(asked()).toBe(1);
  });

  it('says so when the part cannot be loaded, and the rest of the screen stays', async () => {
    const { part, fail } = deferredModule();
    const Part = part.lazy((m) => m.Part);
    await act(async () => {
      renderWith(
        <>
          <p>The rest</p>
          <AreaSlot>
            <Part />
          </AreaSlot>
        </>,
        fakeCounter({}),
      );
    });
    await screen.findByRole('status');
    // React reports the error it caught; the test needs only what the clerk sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => fail(new Error('Failed to fetch dynamically imported module')));
    expect((await screen.findByRole('alert')).textContent).toBe('This part of Counter could not be shown. Restart Counter to try again.');
    expect(screen.getByText('The rest')).toBeTruthy();
  });
});
