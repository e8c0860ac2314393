/**
 * Files offered to the browser as downloads. In the browser shell that is the browser's own
 * download; in Electron the same anchor starts the session's download (the save dialog).
 */

/** Starts the download of `url` under `fileName`. */
export function startDownload(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * A small text file the main process answered (a support bundle's JSON) saved as a Blob under
 * its name. A report is never sent so: the main process writes it to a file (docs/counter.md §10).
 */
export function offerDownload(file: { fileName: string; mimeType: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  startDownload(url, file.fileName);
  // The download has taken the Blob once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
