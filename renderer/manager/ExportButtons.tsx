import { useState } from 'react';
import type { ExportFormat } from '../../shared/manager/schemas';
import type { IpcInput } from '../../shared/ipc';
import type { ExportFile } from '../../shared/manager/types';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { offerDownload } from './download';

type ReportAsked = IpcInput<'reports.export'> extends infer R ? (R extends unknown ? Omit<R, 'format' | 'language'> : never) : never;

/**
 * CSV and PDF of a report: the main process writes the file (a Dutch spreadsheet's CSV, a PDF
 * made with pdfkit) in the screen's language, and the page offers it as a download under the
 * name it was given. A report of several tables comes as a zip of CSVs, one a table, and the
 * note says so (docs/counter.md §10, "Exports").
 */
export function ExportButtons({ report, label }: { report: ReportAsked; label: string }) {
  const { t, lang } = useI18n();
  const [saved, setSaved] = useState<ExportFile | null>(null);
  const exported = useAction('reports.export', (file) => {
    offerDownload(file);
    setSaved(file);
  });
  const run = (format: ExportFormat) => {
    setSaved(null);
    void exported.run({ ...report, format, language: lang } as IpcInput<'reports.export'>);
  };
  return (
    <div className="export">
      <div className="row" role="group" aria-label={label}>
        <button type="button" disabled={exported.pending} onClick={() => run('csv')}>
          {t('export.csv', { report: label })}
        </button>
        <button type="button" disabled={exported.pending} onClick={() => run('pdf')}>
          {t('export.pdf', { report: label })}
        </button>
      </div>
      <ErrorNote error={exported.error} />
      <p role="status" className="hint">
        {saved ? t(saved.mimeType === 'application/zip' ? 'export.savedZip' : 'export.saved', { file: saved.fileName }) : ''}
      </p>
    </div>
  );
}
