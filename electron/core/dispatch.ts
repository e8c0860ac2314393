import { isDamage } from './fleet';
import { channels, isChannel, mayCall, type Channel, type IpcResult, type StaffMember } from '../../shared/ipc';
import type { AuditFacts } from '../../shared/manager/types';
import type { AnyDeclared, AuditValues } from '../../shared/ipc/declare';
import { refusal } from '../../shared/refusals';
import type { Handlers } from './handlers';
import { runAct, type Act, type Audit } from './audit';

const orderIdOf = (input: unknown) => {
  const id = (input as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' ? id.slice(0, 100) : null;
};

/** What the trail keeps of a call that was done: its declaration's values and note (docs/counter.md §10). */
function doneFacts(declared: AnyDeclared, input: unknown, answer: unknown, added?: AuditValues): AuditFacts | null {
  const declaredValues = declared.audit?.values?.(input, answer);
  const values = added ? { ...declaredValues, ...added } : declaredValues;
  const note = declared.audit?.note?.(input) ?? undefined;
  return values || note ? { ...(values && { values }), ...(note && { note }) } : null;
}

/**
 * The one gate every IPC call passes, whichever shell it came through: the channel must be
 * one of the contract's own names, the caller must have the role its declaration gives it,
 * and the input must pass the channel's schema. Only then does a handler run; a handler that
 * throws is answered as an internal refusal, logged without its input (which may hold personal
 * data). A manager's call refused to someone else (a read with nobody logged in is not
 * recorded: docs/counter.md §21), and every call its declaration has recorded
 * 'always', goes to the audit trail. An audited change runs as an act (audit/acts.ts): its audit row
 * is written by the transaction that commits the change; only a change that commits nothing of
 * its own (an export) has its row written here, after it.
 */
export function makeDispatch(handlers: Handlers, who: () => StaffMember | null, audit: Audit = () => {}) {
  return async function dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
    if (!isChannel(channel)) return refusal('invalid', 'request.unknownChannel', { channel: String(channel).slice(0, 60) });
    const declared: AnyDeclared = channels[channel];
    const caller = who();
    const role = caller?.role ?? null;
    if (!mayCall(declared.access, role)) {
      // Someone without the role is recorded; a read with nobody logged in is the page's own
      // leftover after a logout (a list refreshed as the screen goes), no attempt of anyone's.
      if (declared.access === 'manager' && (caller !== null || declared.kind === 'change'))
        audit({ who: caller, action: channel, orderId: orderIdOf(input), outcome: 'refused', detail: { refused: 'session.managerOnly' } });
      return role === null ? refusal('unauthenticated', 'session.required') : refusal('forbidden', 'session.managerOnly');
    }
    const parsed = declared.input.safeParse(input ?? {});
    if (!parsed.success) {
      return refusal(
        'invalid',
        'request.invalid',
        {},
        parsed.error.issues.map((i) => ({ detail: i.message, pointer: `/${i.path.join('/')}` })),
      );
    }
    const recorded = declared.audit?.recorded === 'always';
    const entry = (outcome: 'done' | 'refused', detail: AuditFacts | null) =>
      audit({ who: caller, action: channel, orderId: orderIdOf(parsed.data), outcome, detail });
    const act: Act = {
      channel,
      recorded: false,
      withOrderWrite: false,
      write: (answer) => entry('done', doneFacts(declared, parsed.data, answer, act.values)),
    };
    const handler = () => (handlers[channel as Channel] as (i: unknown) => Promise<IpcResult<unknown>>)(parsed.data);
    let result: IpcResult<unknown>;
    try {
      result = await (recorded ? runAct(act, handler) : handler());
    } catch (error) {
      console.error(`counter: ${channel} failed: ${(error as Error).message}`);
      // A damaged database file is said as such, with what to do (docs/counter.md §18).
      result = refusal('internal', isDamage(error) ? 'database.damaged' : 'request.internal');
    }
    if (recorded && !result.ok) entry('refused', { refused: result.error.code, params: result.error.params });
    else if (recorded && !act.recorded) act.write(result.ok ? result.value : null);
    return result;
  };
}
