/**
 * `printer.url` (docs/api.md §9.1) as the settings offer it: the kind of printer, and for a
 * network ESC/POS printer its address (`host` or `host:port`, port 9100 when left out).
 */
export type PrinterChoice = 'system' | 'escpos' | 'none';

export function printerChoice(url: string): PrinterChoice {
  if (url.startsWith('tcp://')) return 'escpos';
  return url === 'none' ? 'none' : 'system';
}

/** The address of a `tcp://` printer as typed: "192.168.1.50:9100". */
export function printerAddress(url: string): string {
  return url.startsWith('tcp://') ? url.slice('tcp://'.length).replace(/\/$/, '') : '';
}

/** The url to keep; null when the address is not one (empty, a path, a port out of range). */
export function printerUrlOf(choice: PrinterChoice, address: string): string | null {
  if (choice !== 'escpos') return choice;
  const typed = address.trim();
  const match = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(\d{1,5}))?$/.exec(typed);
  if (!match) return null;
  const port = match[2] === undefined ? 9100 : Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return `tcp://${match[1]}:${port}`;
}
