import { z } from 'zod';

/**
 * The words a device's state is told in: on the top bar, in the settings and in the heartbeat
 * (docs/api.md §11.2). `none`: no such device is configured.
 */
export const DEVICE_STATES = ['ready', 'busy', 'paperOut', 'offline', 'none'] as const;
export const deviceState = z.enum(DEVICE_STATES);
export type DeviceState = z.infer<typeof deviceState>;

/** The devices of a desk that report a state (docs/api.md §9). */
export const DEVICE_KINDS = ['terminal', 'printer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export type DeviceStates = Record<DeviceKind, DeviceState>;
