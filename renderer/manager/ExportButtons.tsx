import { useState } from 'react';
import type { ExportFormat } from '../../shared/manager/schemas';
import type { IpcInput } from '../../shared/ipc';
import type { ExportFile } from '../../shared/manager/types';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { startDownload } from './download';

type ReportAsked = IpcInput<'reports.export'> extends infer R ? (R extends unknown ? Omit<R, 'format' | 'language'> : never) : never;

/**
 * CSV and PDF of a report: the main process asks where to save it (the save dialog, the name
 * suggested) and writes the file there as it reads the rows, in the screen's language (a Dutch
 * spreadsheet's CSV, a PDF made with pdfkit); the file never crosses to the page. The note says
 * where it went; in the browser shell the page downloads it from the one-time address it is
 * given. A report of several tables comes as a zip of CSVs, one a table, and the note says so
 * (docs/counter.md §10, "Exports"). A cancelled dialog says nothing.
 */
export function ExportButtons({ report, label }: { report: ReportAsked; label: string }) {
  const { t, lang } = useI18n();
  const [saved, setSaved] = useState<ExportFile | null>(null);
  const exported = useAction('reports.export', (answer) => {
    if ('cancelled' in answer) return;
    if (answer.download) startDownload(answer.download, answer.fileName);
    setSaved(answer);
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
        {exported.pending
          ? t('export.busy')
          : saved
            ? t(saved.mimeType === 'application/zip' ? 'export.savedZip' : 'export.saved', { file: saved.path ?? saved.fileName })
            : ''}
      </p>
    </div>
  );
}
