import type { ReceiptRow } from '../../../../domain/receipts/layout';
import type { DeviceState } from '../../../../shared/devices';
import type { PrinterPort, PrintOutcome } from './port';

/**
 * The receipt printer as the manager's settings name it (docs/api.md §9.1): `printer.url` can
 * change while the counter runs, so the desk holds this one port and it hands each job to the
 * driver of the current address. Listeners hear the new printer's state at once.
 */
export class SwitchablePrinter implements PrinterPort {
  private current: PrinterPort;
  private off: () => void;
  private readonly listeners = new Set<(state: DeviceState) => void>();

  constructor(
    private readonly make: (url: string | undefined) => PrinterPort,
    private url: string | undefined,
  ) {
    this.current = make(url);
    this.off = this.listen();
  }

  get kind(): PrinterPort['kind'] {
    return this.current.kind;
  }

  /** Drives the printer at `url` from the next job on; the same address changes nothing. */
  set(url: string | undefined): void {
    if (url === this.url) return;
    this.off();
    this.current.close();
    this.url = url;
    this.current = this.make(url);
    this.off = this.listen();
    this.tell(this.current.state());
    if (this.current.kind === 'escpos') void this.current.check();
  }

  print(rows: ReceiptRow[]): Promise<PrintOutcome> {
    return this.current.print(rows);
  }
  kick(): Promise<PrintOutcome> {
    return this.current.kick();
  }
  check(): Promise<DeviceState> {
    return this.current.check();
  }
  state(): DeviceState {
    return this.current.state();
  }

  onState(listener: (state: DeviceState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.off();
    this.current.close();
    this.listeners.clear();
  }

  private listen(): () => void {
    return this.current.onState((state) => this.tell(state));
  }

  private tell(state: DeviceState): void {
    for (const listener of this.listeners) listener(state);
  }
}
