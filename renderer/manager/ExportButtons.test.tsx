// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { ExportButtons } from './ExportButtons';

const saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  // jsdom does not download: the anchor's click is where the browser would start the download.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href')! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

describe('export', () => {
  it('asks the main process for the CSV and says where it was saved; the file never comes to the page', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({
      'reports.export': () => ({
        fileName: 'orders-2026-11-23.csv',
        mimeType: 'text/csv',
        report: 'orders',
        bytes: 120,
        path: '/home/mark/Documents/orders-2026-11-23.csv',
        download: null,
      }),
    });
    const range = { from: '2026-11-23', to: '2026-11-23' };
    renderWith(<ExportButtons report={{ report: 'orders', range, filters: { statusIds: [5] } }} label="Orders" />, api);
    await user.click(screen.getByRole('button', { name: 'CSV: Orders' }));
    expect(api.callsOf('reports.export')).toEqual([
      { report: 'orders', range, filters: { statusIds: [5] }, format: 'csv', language: 'en' },
    ]);
    expect(await screen.findByText('Saved as /home/mark/Documents/orders-2026-11-23.csv.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('asks for the file in the screen’s language', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({ 'reports.export': () => ({ cancelled: true as const }) });
    const range = { from: '2026-11-23', to: '2026-11-23' };
    renderWith(<ExportButtons report={{ report: 'summary', range }} label="Rapport" />, api, 'nl');
    await user.click(screen.getByRole('button', { name: 'CSV: Rapport' }));
    expect(api.callsOf('reports.export')).toEqual([{ report: 'summary', range, format: 'csv', language: 'nl' }]);
  });

  it('in the browser shell downloads the zip from its one-time address and says it holds one CSV file per table', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({
      'reports.export': () => ({
        fileName: 'Orders-Balie-Kassa_1-2026-11-23-Europe_Amsterdam.zip',
        mimeType: 'application/zip',
        report: 'orders',
        bytes: 2048,
        path: null,
        download: '/exports/one-time-code',
      }),
    });
    renderWith(<ExportButtons report={{ report: 'orders', range: { from: '2026-11-23' } }} label="Orders" />, api);
    await user.click(screen.getByRole('button', { name: 'CSV: Orders' }));
    expect(
      await screen.findByText('Saved as Orders-Balie-Kassa_1-2026-11-23-Europe_Amsterdam.zip: a zip with one CSV file per table.'),
    ).toBeTruthy();
    expect(saved).toEqual([{ name: 'Orders-Balie-Kassa_1-2026-11-23-Europe_Amsterdam.zip', href: '/exports/one-time-code' }]);
  });

  it('says nothing when the save dialog was cancelled', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({ 'reports.export': () => ({ cancelled: true as const }) });
    renderWith(<ExportButtons report={{ report: 'zReport', businessDate: '2026-11-23' }} label="Z report" />, api);
    await user.click(screen.getByRole('button', { name: 'PDF: Z report' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'PDF: Z report' }).hasAttribute('disabled')).toBe(false));
    expect(api.callsOf('reports.export')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('shows a refusal and saves nothing', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({ 'reports.export': () => fail('forbidden', 'session.managerOnly') });
    renderWith(<ExportButtons report={{ report: 'audit', range: { from: '2026-11-23' } }} label="Audit trail" />, api);
    await user.click(screen.getByRole('button', { name: 'CSV: Audit trail' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only a manager may do this.');
    expect(saved).toEqual([]);
  });
});
