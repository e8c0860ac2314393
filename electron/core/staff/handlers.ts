import type { HandlersOf } from '../../../shared/ipc';
import type { staffChannels } from '../../../shared/ipc/staff';
import { ok } from '../../../shared/refusals';
import type { Staff } from './staff';

/** The staff list, kept by managers. */
export function staffHandlers({ staff }: { staff: Staff }): HandlersOf<typeof staffChannels> {
  return {
    'staff.list': async () => ok(staff.all()),
    'staff.add': async ({ name, role, pin }) => ok(staff.add(name, role, pin)),
    'staff.setActive': async ({ staffId, active }) => staff.setActive(staffId, active),
    'staff.resetPin': async ({ staffId, pin }) => staff.resetPin(staffId, pin),
  };
}
