// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { ExportButtons } from './ExportButtons';

const CSV = '\uFEFFdatum;order;totaal\r\n2026-11-23;KAB12-000001;4,75\r\n';
const saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved.length = 0;
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    }),
  );
  // jsdom does not download: the anchor's click is where the browser would save the file.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  cleanup();
});

describe('export', () => {
  it('asks the main process for the CSV and saves it under the name it gave, byte for byte (BOM included)', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({
      'reports.export': () => ({
        fileName: 'orders-2026-11-23.csv',
        mimeType: 'text/csv',
        encoding: 'utf8',
        content: CSV,
        report: 'orders',
      }),
    });
    const range = { from: '2026-11-23', to: '2026-11-23' };
    renderWith(<ExportButtons report={{ report: 'orders', range, filters: { statusIds: [5] } }} label="Orders" />, api);
    await user.click(screen.getByRole('button', { name: 'CSV: Orders' }));
    expect(api.callsOf('reports.export')).toEqual([
      { report: 'orders', range, filters: { statusIds: [5] }, format: 'csv', language: 'en' },
    ]);
    expect(await screen.findByText('Saved as orders-2026-11-23.csv.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['orders-2026-11-23.csv']);
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(CSV.slice(1));
    expect(saved[0]!.blob.type).toBe('text/csv');
  });

  it('asks for the file in the screen’s language', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({
      'reports.export': () => ({
        fileName: 'Rapport-2026-11-23.csv',
        mimeType: 'text/csv',
        encoding: 'utf8',
        content: CSV,
        report: 'summary',
      }),
    });
    const range = { from: '2026-11-23', to: '2026-11-23' };
    renderWith(<ExportButtons report={{ report: 'summary', range }} label="Rapport" />, api, 'nl');
    await user.click(screen.getByRole('button', { name: 'CSV: Rapport' }));
    expect(api.callsOf('reports.export')).toEqual([{ report: 'summary', range, format: 'csv', language: 'nl' }]);
  });

  it('saves a zip of CSVs from its base64 as binary and says it holds one CSV file per table', async () => {
    const user = userEvent.setup();
    const zip = 'PK\x03\x04\xff\x00';
    const api = fakeCounter({
      'reports.export': () => ({
        fileName: 'Orders-Balie-Kassa_1-2026-11-23-Europe_Amsterdam.zip',
        mimeType: 'application/zip',
        encoding: 'base64',
        content: btoa(zip),
        report: 'orders',
      }),
    });
    renderWith(<ExportButtons report={{ report: 'orders', range: { from: '2026-11-23' } }} label="Orders" />, api);
    await user.click(screen.getByRole('button', { name: 'CSV: Orders' }));
    expect(
      await screen.findByText('Saved as Orders-Balie-Kassa_1-2026-11-23-Europe_Amsterdam.zip: a zip with one CSV file per table.'),
    ).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['Orders-Balie-Kassa_1-2026-11-23-Europe_Amsterdam.zip']);
    expect(saved[0]!.blob.type).toBe('application/zip');
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual([...zip].map((c) => c.charCodeAt(0)));
  });

  it('saves a PDF from its base64 as binary', async () => {
    const user = userEvent.setup();
    const pdf = '%PDF-1.7\n\xff\x00';
    const api = fakeCounter({
      'reports.export': () => ({
        fileName: 'z-2026-11-23.pdf',
        mimeType: 'application/pdf',
        encoding: 'base64',
        content: btoa(pdf),
        report: 'zReport',
      }),
    });
    renderWith(<ExportButtons report={{ report: 'zReport', businessDate: '2026-11-23' }} label="Z report" />, api);
    await user.click(screen.getByRole('button', { name: 'PDF: Z report' }));
    expect(await screen.findByText('Saved as z-2026-11-23.pdf.')).toBeTruthy();
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes]).toEqual([...pdf].map((c) => c.charCodeAt(0)));
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
