import type { ExportFile } from '../../shared/manager/types';

/**
 * A file the main process made (a CSV or PDF report, an audit export) offered as a download:
 * the page saves a Blob under the given name. In the browser shell that is the browser's own
 * download; in Electron the same anchor starts the session's download (the save dialog).
 */
type DownloadFile = Pick<ExportFile, 'fileName' | 'encoding' | 'content'> & { mimeType: ExportFile['mimeType'] | 'application/json' };

export function fileBlob(file: DownloadFile): Blob {
  if (file.encoding === 'utf8') return new Blob([file.content], { type: file.mimeType });
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.mimeType });
}

export function offerDownload(file: DownloadFile): void {
  const url = URL.createObjectURL(fileBlob(file));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has taken the Blob once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
