import type { IpcResult, StaffMember } from '../../../shared/ipc';
import { ok, refusal } from '../../../shared/refusals';
import type { Staff } from './staff';

/** Who approves a return (or a card's unblock, docs/counter.md §22): the manager logged in, or a manager whose PIN was given at this till (docs/counter.md §19). */
export function approverOf(
  staff: Staff,
  approval: { staffId: string; pin: string } | undefined,
  needed: 'returns.approvalNeeded' | 'cards.approvalNeeded' = 'returns.approvalNeeded',
): IpcResult<StaffMember> {
  const who = staff.who();
  if (who?.role === 'manager') return ok(who);
  if (!approval) return refusal('forbidden', needed);
  return staff.approve(approval.staffId, approval.pin);
}
