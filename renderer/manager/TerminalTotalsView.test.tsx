// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DayTerminalTotals } from '../../shared/ipc/terminal';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { dayReport } from './testing';
import { TerminalTotalsView } from './TerminalTotalsView';

afterEach(cleanup);

const sold = { debitCount: 2, debitAmount: 3100, refundCount: 0, refundAmount: 0 };
const none = { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 };
const closedAt = '2026-11-23T17:00:00.000Z';
const zWith = (terminal: DayTerminalTotals) => dayReport({ kind: 'Z', state: 'closed', closedAt, terminal });

describe('the terminal’s totals on a Z report (docs/api.md §9.2)', () => {
  it('shows the totals of the close’s own Reconciliation beside the counter’s, with nothing to press', () => {
    const api = fakeCounter({});
    renderWith(
      <TerminalTotalsView report={zWith({ terminal: sold, counter: sold, manual: none, difference: 0, error: null, at: closedAt })} />,
      api,
    );
    expect(screen.getByRole('row', { name: /Terminal/ }).textContent).toContain('€31.00');
    expect(screen.getByText('The terminal and the counter agree.')).toBeTruthy();
    expect(screen.getByText(/The day close closed the terminal's period at/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why the terminal gave none at the close, and closes its period again for that day', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({
      'terminal.totals': () => ({ terminal: sold, counter: sold, manual: none, difference: 0, error: null }),
    });
    const report = zWith({ terminal: null, counter: sold, manual: none, difference: null, error: 'Busy', at: closedAt });
    renderWith(<TerminalTotalsView report={report} />, api);
    expect(screen.getByText('The terminal gave no totals: the terminal is busy')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Close the terminal's period again" }));
    expect(api.callsOf('terminal.totals')).toEqual([{ from: report.from, to: report.to, close: true, businessDate: '2026-11-23' }]);
    expect(await screen.findByText('The terminal and the counter agree.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an X report reads the totals without closing anything', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({
      'terminal.totals': () => ({ terminal: sold, counter: { ...sold, debitAmount: 3000 }, manual: none, difference: 100, error: null }),
    });
    const report = dayReport();
    renderWith(<TerminalTotalsView report={report} />, api);
    await user.click(screen.getByRole('button', { name: "Read the terminal's totals" }));
    expect(api.callsOf('terminal.totals')).toEqual([{ from: report.from, to: report.to, close: false }]);
    expect((await screen.findByRole('alert')).textContent).toContain('€1.00');
  });
});
