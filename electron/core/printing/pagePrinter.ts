/** What became of the page sent to the OS printer: printed, or why not in the host's words. */
export type PageOutcome = { printed: true } | { printed: false; reason: string };

/**
 * The host's port to the OS printer (docs/architecture.md §2, "The host's ports"): it prints the
 * counter's window as it shows, without a dialog, on the named printer (null: the system's
 * default). Electron's main fills it with webContents.print; a host without one (the browser
 * shell) leaves the page to print itself through the browser's dialog. The printing area decides
 * when it prints and which printer it names; the port only prints.
 */
export interface PagePrinter {
  print(printerName: string | null): Promise<PageOutcome>;
}
