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

/** A key with the time stamp the input layer gave it (a busy page handles it later). */
function stampedKey(target: HTMLElement, k: string, timeStamp: number): boolean {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  const typed = target.dispatchEvent(event);
  // What the browser does with a key nobody stopped: a character goes into the field.
  if (typed && k.length === 1 && target instanceof HTMLInputElement) target.value += k;
  return typed;
}

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

it('takes a burst handed over late for a scan, and the field keeps nothing of it', () => {
  const onScan = vi.fn();
  render(<Harness onScan={onScan} />);
  const amount = screen.getByLabelText<HTMLInputElement>('Amount tendered');
  amount.focus();
  amount.value = '7';
  const code = '3528010000004411';
  const at = (i: number) => 1000 + i * 5;

  [...code.slice(0, 8)].forEach((k, i) => stampedKey(amount, k, at(i)));
  // The page is busy: its timer runs before the rest of the burst, and gives the keys back.
  vi.advanceTimersByTime(200);
  expect(amount.value).toBe('735280100');

  [...code.slice(8)].forEach((k, i) => stampedKey(amount, k, at(8 + i)));
  expect(stampedKey(amount, 'Enter', at(code.length))).toBe(false);
  expect(onScan).toHaveBeenCalledWith(code);
  expect(amount.value).toBe('7');
  vi.advanceTimersByTime(200);
  expect(amount.value).toBe('7');
});
