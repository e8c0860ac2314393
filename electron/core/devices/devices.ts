import type { DeviceStates } from '../../../shared/devices';
import type { MachineConfig } from '../config/machineConfig';
import type { CounterDb } from '../db/database';
import { CustomerDisplay } from '../display/display';
import { printerDrawer, type Drawer, type DrawerOutcome } from './drawer';
import { EscPosPrinter } from './printer/escpos';
import { pagePrinter, type PrinterPort } from './printer/port';
import { SwitchablePrinter } from './printer/switchable';
import { ReceiptDesk, type ReceiptDeskDeps } from '../printing/receipts';
import { DeviceRegistry } from './states';

/**
 * The desk's devices in the main process (docs/api.md §9, docs/counter.md §16): the receipt
 * printer and its drawer from the machine's configuration, the receipts, and the registry of
 * device states. The payment terminal registers its own state here (`registry.register`).
 */

export interface Devices {
  registry: DeviceRegistry;
  printer: PrinterPort;
  drawer: Drawer;
  receipts: ReceiptDesk;
  /** The screen facing the customer (docs/api.md §9.4). */
  display: CustomerDisplay;
  /** Opens the drawer without a sale ("No sale"): the caller asks the reason and audits it. */
  openDrawer(reason: string): Promise<DrawerOutcome>;
  deviceStates(): DeviceStates;
  /** The manager changed the receipt printer or the drawer (docs/api.md §9.1): in force from the next job. */
  configure(setup: { printerUrl: string; drawer: 'printer' | 'none' }): void;
  close(): void;
}

export interface DevicesOptions extends Omit<ReceiptDeskDeps, 'printer' | 'drawer'> {
  config: MachineConfig;
  /** How often the printer's status is read while nothing prints (ms); 0: never (tests). Default 15 s. */
  pollMs?: number;
  db: CounterDb;
  /** Whether cash taken now is rounded (docs/counter.md §17): the customer display's cash due. */
  cashRounding: () => boolean;
}

/** `printer.url`: a `tcp://` ESC/POS printer, `none`, or `system` (the default). */
export function printerFromConfig(url: string | undefined): PrinterPort {
  if (url?.startsWith('tcp://')) return new EscPosPrinter({ url });
  return pagePrinter(url === 'none' ? 'none' : 'system');
}

export function createDevices(options: DevicesOptions): Devices {
  const { config, pollMs = 15_000, cashRounding, ...receiptDeps } = options;
  const printer = new SwitchablePrinter(printerFromConfig, config.printer?.url);
  let drawerSetting = config.drawer;
  const drawer = printerDrawer(printer, () => drawerSetting);
  const registry = new DeviceRegistry();
  registry.register('printer', printer);
  const receipts = new ReceiptDesk({ ...receiptDeps, printer, drawer });
  // A printer whose paper ran out between sales shows on the top bar before the next sale.
  const poll =
    pollMs > 0 ? setInterval(() => void (printer.kind === 'escpos' && printer.check().then(() => registry.refresh())), pollMs) : null;
  poll?.unref();
  if (poll && printer.kind === 'escpos') void printer.check();
  return {
    registry,
    printer,
    drawer,
    receipts,
    display: new CustomerDisplay(receiptDeps.loadOrder, cashRounding),
    openDrawer: () => drawer.open(),
    deviceStates: () => registry.deviceStates(),
    configure({ printerUrl, drawer: next }) {
      drawerSetting = next;
      printer.set(printerUrl);
    },
    close() {
      if (poll) clearInterval(poll);
      registry.close();
      printer.close();
    },
  };
}
