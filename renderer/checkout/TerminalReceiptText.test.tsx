// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { CASH, pay, PIN } from '../../domain/receipts/testing/orders';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { TerminalReceiptText } from './TerminalReceiptText';

afterEach(cleanup);

const lines = ['Card: **** **** **** 0004', 'Result: APPROVED'];

describe('the terminal’s receipt text on the receipt screen (docs/api.md §9.3)', () => {
  it('shows the terminal’s lines under a PIN payment it approved', async () => {
    const api = fakeCounter({
      'terminal.payment': ({ paymentId }) => ({ paymentId, stage: 'approved', error: null, receipt: lines, manual: false }),
    });
    renderWith(<TerminalReceiptText payment={pay('p1', PIN, 1545)} />, api);
    expect((await screen.findByTestId('terminal-receipt')).textContent).toBe(lines.join('\n'));
    expect(api.callsOf('terminal.payment')).toEqual([{ paymentId: 'p1' }]);
  });

  it('asks nothing about a cash payment, and shows nothing for a PIN payment confirmed by hand', async () => {
    const api = fakeCounter({
      'terminal.payment': ({ paymentId }) =>
        paymentId === 'p3'
          ? { paymentId, stage: 'approved', error: null, receipt: lines, manual: false }
          : { paymentId, stage: 'approved', error: null, receipt: [], manual: true },
    });
    renderWith(
      <>
        <TerminalReceiptText payment={pay('c1', CASH, 500)} />
        <TerminalReceiptText payment={pay('p2', PIN, 500)} />
        <TerminalReceiptText payment={pay('p3', PIN, 500)} />
      </>,
      api,
    );
    // The terminal's payment shows its lines; the one confirmed by hand and the cash one nothing.
    await screen.findByTestId('terminal-receipt');
    expect(screen.getAllByTestId('terminal-receipt')).toHaveLength(1);
    expect(
      api
        .callsOf('terminal.payment')
        .map((c) => c.paymentId)
        .sort(),
    ).toEqual(['p2', 'p3']);
  });
});
