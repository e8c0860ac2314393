// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FocusGuard } from './FocusGuard';
import { focusSoon } from '../sale/saleStore';

/** Two screens: "Go" on the first leaves it (and its focused self) for the second. */
function Screens() {
  const [second, setSecond] = useState(false);
  const [note, setNote] = useState(0);
  // Keyed: React draws the second screen anew, as it does a screen of the app.
  return second ? (
    <main key="second">
      <p>{note}</p>
      <button type="button" onClick={() => setNote((n) => n + 1)}>
        Other
      </button>
      <button type="button" data-landing={2}>
        Search
      </button>
      <button type="button" data-landing={1} disabled>
        Pay
      </button>
      <button type="button" data-landing={1}>
        Next step
      </button>
    </main>
  ) : (
    <main key="first">
      <p>First screen</p>
      <button type="button" onClick={() => setSecond(true)}>
        Go
      </button>
    </main>
  );
}

/** The guard over the two screens, as the app draws it. */
const drawScreens = () =>
  render(
    <>
      <FocusGuard />
      <Screens />
    </>,
  );

/** The guard looks once the page's change is drawn: the observer's microtask, then a timer. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
    vi.runOnlyPendingTimers();
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('FocusGuard', () => {
  it('puts the focus on a control as the page is drawn, never leaving it on the body', async () => {
    drawScreens();
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go' }));
  });

  it('moves the focus to the landing control of lowest rank that can take it when the focused control goes', async () => {
    drawScreens();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await settle();
    // Not "Other" (the first control), not the disabled Pay, not the search of rank 2.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next step' }));
  });

  it('leaves the focus alone when the control that had it is still there (a press on empty space)', async () => {
    drawScreens();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await settle();
    const other = screen.getByRole('button', { name: 'Other' });
    other.focus();
    other.blur();
    fireEvent.click(other);
    await settle();
    expect(screen.getByText('1')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('looks again once a focusSoon that was still looking has given up (a logout: the login screen drawn meanwhile)', async () => {
    drawScreens();
    await settle();
    const go = screen.getByRole('button', { name: 'Go' });
    go.focus();
    focusSoon('not-on-this-screen');
    fireEvent.click(go);
    await settle();
    // Left to the focusSoon while it looks, then landed once that gave up (its 30 frames), with no further change of the page.
    await act(async () => {
      vi.runAllTimers();
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next step' }));
  });

  it('gives the focus back to a control that lost it by being disabled while its work ran', async () => {
    function Busy() {
      const [busy, setBusy] = useState(false);
      return (
        <main>
          <button type="button">First</button>
          <button type="button" disabled={busy} onClick={() => setBusy(true)}>
            Switch
          </button>
          <button type="button" onClick={() => setBusy(false)}>
            Done
          </button>
        </main>
      );
    }
    render(
      <>
        <FocusGuard />
        <Busy />
      </>,
    );
    await settle();
    const switcher = screen.getByRole('button', { name: 'Switch' });
    switcher.focus();
    // Chromium drops the focus of a button that is disabled to the body (jsdom keeps it): as it does.
    switcher.blur();
    fireEvent.click(switcher);
    await settle();
    expect(switcher.hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await settle();
    expect(document.activeElement).toBe(switcher);
  });
});
