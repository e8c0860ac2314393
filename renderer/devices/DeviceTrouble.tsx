import type { DeviceKind, DeviceState } from '../../shared/devices';
import { useInvoke } from '../api/useInvoke';
import { useI18n } from '../i18n/i18n';

/** The desk's devices in the top bar's order (the types only: shared/devices.ts would bring zod into the first load). */
export const DEVICES: readonly DeviceKind[] = ['printer', 'terminal'];

/** The states that keep a device from its work: the top bar shows them (docs/api.md §9). */
const TROUBLE: readonly DeviceState[] = ['paperOut', 'offline'];

/** On the top bar: each device in trouble, by name and state; nothing while all is well. Events keep it current. */
export function DeviceTrouble() {
  const { t } = useI18n();
  const states = useInvoke('devices.states', {}, { staleTime: 30_000 }).value;
  if (!states) return null;
  const trouble = DEVICES.filter((kind) => TROUBLE.includes(states[kind]));
  if (trouble.length === 0) return null;
  return (
    <p className="device-trouble" role="status" aria-label={t('devices.label')}>
      {trouble.map((kind) => (
        <span key={kind} className="badge badge-bad">
          {t('devices.trouble', { device: t(`devices.${kind}`), state: t(`devices.state.${states[kind]}`) })}
        </span>
      ))}
    </p>
  );
}
