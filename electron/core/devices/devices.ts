import type { DeviceStates } from '../../../shared/devices';
import type { MachineConfig } from '../config';
import { printerDrawer, type Drawer, type DrawerOutcome } from './drawer';
import { EscPosPrinter } from './printer/escpos';
import { pagePrinter, type PrinterPort } from './printer/port';
import { SwitchablePrinter } from './printer/switchable';
import { DeviceRegistry } from './states';

/**
 * The desk's devices in the main process (docs/api.md §9, docs/counter.md §16): the receipt
 * printer and its drawer from the machine's configuration, and the registry of device states.
 * What is printed is the printing area's (printing/receipts.ts); the payment terminal registers
 * its own state here (`registry.register`).
 */

export interface Devices {
  registry: DeviceRegistry;
  printer: PrinterPort;
  drawer: Drawer;
  /** Opens the drawer without a sale ("No sale"): the caller asks the reason and audits it. */
  openDrawer(reason: string): Promise<DrawerOutcome>;
  deviceStates(): DeviceStates;
  /** The manager changed the receipt printer or the drawer (docs/api.md §9.1): in force from the next job, its state read again. */
  configure(setup: { printerUrl: string; drawer: 'printer' | 'none' }): void;
  close(): void;
}

export interface DevicesOptions {
  config: MachineConfig;
  /** How often the printer's status is read while nothing prints (ms); 0: never (tests). Default 15 s. */
  pollMs?: number;
}

/** `printer.url`: a `tcp://` ESC/POS printer, `none`, or `system` (the default). */
export function printerFromConfig(url: string | undefined): PrinterPort {
  if (url?.startsWith('tcp://')) return new EscPosPrinter({ url });
  return pagePrinter(url === 'none' ? 'none' : 'system');
}

export function createDevices(options: DevicesOptions): Devices {
  const { config, pollMs = 15_000 } = options;
  const printer = new SwitchablePrinter(printerFromConfig, config.printer?.url);
  let drawerSetting = config.drawer;
  const drawer = printerDrawer(printer, () => drawerSetting);
  const registry = new DeviceRegistry();
  registry.register('printer', printer);
  // A printer whose paper ran out between sales shows on the top bar before the next sale.
  const poll =
    pollMs > 0 ? setInterval(() => void (printer.kind === 'escpos' && printer.check().then(() => registry.refresh())), pollMs) : null;
  poll?.unref();
  if (poll && printer.kind === 'escpos') void printer.check();
  return {
    registry,
    printer,
    drawer,
    openDrawer: () => drawer.open(),
    deviceStates: () => registry.deviceStates(),
    configure({ printerUrl, drawer: next }) {
      drawerSetting = next;
      printer.set(printerUrl);
      registry.refresh();
    },
    close() {
      if (poll) clearInterval(poll);
      registry.close();
      printer.close();
    },
  };
}
