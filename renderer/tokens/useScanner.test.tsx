// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useScanner } from './useScanner';

function Harness({ onScan }: { onScan: (value: string) => void }) {
  useScanner(onScan);
  return (
    <>
      <button type="button">Cash</button>
      <input aria-label="Amount tendered" />
    </>
  );
}

const key = (target: HTMLElement, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

beforeEach(() => {
  // jsdom stamps each event with Date.now(): the fake clock decides how far apart the keys are.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('gives a held-back key to the field it was typed into, when the run began on a button', () => {
  const onScan = vi.fn();
  render(<Harness onScan={onScan} />);
  const cash = screen.getByRole('button', { name: 'Cash' });
  const amount = screen.getByLabelText<HTMLInputElement>('Amount tendered');

  // Space on "Cash" (the focus then moves into the amount field), a digit 10 ms later.
  cash.focus();
  expect(key(cash, ' ')).toBe(true);
  amount.focus();
  vi.advanceTimersByTime(10);
  expect(key(amount, '1')).toBe(false);

  // No Enter follows: a person, not a scanner; the digit is given back where it was typed.
  vi.advanceTimersByTime(200);
  expect(amount.value).toBe('1');
  expect(onScan).not.toHaveBeenCalled();
});
