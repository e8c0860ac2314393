import { ipcInputs, isChannel, type Channel, type IpcResult, type StaffMember } from '../../shared/ipc';
import { AUDITED, CHANNEL_ACCESS, mayCall } from '../../shared/ipcAccess';
import { refusal } from '../../shared/refusals';
import type { Handlers } from './handlers';
import type { AuditRecord } from './manager/audit';

/** What one call leaves in the audit trail (the time is the recorder's). */
export type Audit = (entry: Omit<AuditRecord, 'at'>) => void;

const orderIdOf = (input: unknown) => {
  const id = (input as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' ? id.slice(0, 100) : null;
};

/** What an audited call did, in a few words; never personal data. */
function describe(channel: Channel, input: unknown): string | null {
  const i = input as Record<string, unknown>;
  if (channel === 'payments.refund') {
    const r = i.refund as { amountDebit: number; paymentMethodId: number; reason: string };
    return `${r.amountDebit} cents, method ${r.paymentMethodId}: ${r.reason}`;
  }
  if (channel === 'day.close') return (i.note as string) || null;
  if (channel === 'reports.export') return `${i.report as string} ${i.format as string}`;
  if (channel === 'manager.cancelStale') return (i.orderIds as string[]).join(', ');
  if (channel === 'sync.retry') return (i.orderId as string | undefined) ?? 'all';
  return null;
}

/**
 * The one gate every IPC call passes, whichever shell it came through: the channel must be
 * one of the map's own names, the caller must have the role CHANNEL_ACCESS gives it, and the
 * input must pass the channel's schema. Only then does a handler run; a handler that throws
 * is answered as an internal refusal, logged without its input (which may hold personal data).
 * A manager's call refused to someone else, and every AUDITED call, goes to the audit trail.
 */
export function makeDispatch(handlers: Handlers, who: () => StaffMember | null, audit: Audit = () => {}) {
  return async function dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
    if (!isChannel(channel)) return refusal('invalid', 'request.unknownChannel', { channel: String(channel).slice(0, 60) });
    const access = CHANNEL_ACCESS[channel];
    const caller = who();
    const role = caller?.role ?? null;
    if (!mayCall(access, role)) {
      if (access === 'manager')
        audit({ who: caller, action: channel, orderId: orderIdOf(input), outcome: 'refused', detail: 'session.managerOnly' });
      return role === null ? refusal('unauthenticated', 'session.required') : refusal('forbidden', 'session.managerOnly');
    }
    const parsed = ipcInputs[channel].safeParse(input ?? {});
    if (!parsed.success) {
      return refusal(
        'invalid',
        'request.invalid',
        {},
        parsed.error.issues.map((i) => ({ detail: i.message, pointer: `/${i.path.join('/')}` })),
      );
    }
    let result: IpcResult<unknown>;
    try {
      result = await (handlers[channel] as (i: unknown) => Promise<IpcResult<unknown>>)(parsed.data);
    } catch (error) {
      console.error(`counter: ${channel} failed: ${(error as Error).message}`);
      result = refusal('internal', 'request.internal');
    }
    if (AUDITED.has(channel)) {
      const outcome = result.ok ? 'done' : 'refused';
      audit({
        who: caller,
        action: channel,
        orderId: orderIdOf(parsed.data),
        outcome,
        detail: result.ok ? describe(channel, parsed.data) : result.error.code,
      });
    }
    return result;
  };
}
