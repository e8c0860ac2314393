// The devices area's face to the other areas (docs/architecture.md §2): they import it only from here.
export { createDevices, type Devices } from './devices';
export { type Drawer } from './drawer';
export { problemOfPrint, type PrinterPort } from './printer/port';
export { type DeviceRegistry } from './states';
