import { ipcInputs, isChannel, type IpcResult, type StaffMember } from '../../shared/ipc';
import { CHANNEL_ACCESS, mayCall } from '../../shared/ipcAccess';
import { refusal } from '../../shared/refusals';
import type { Handlers } from './handlers';

/**
 * The one gate every IPC call passes, whichever shell it came through: the channel must be
 * one of the map's own names, the caller must have the role CHANNEL_ACCESS gives it, and the
 * input must pass the channel's schema. Only then does a handler run; a handler that throws
 * is answered as an internal refusal, logged without its input (which may hold personal data).
 */
export function makeDispatch(handlers: Handlers, who: () => StaffMember | null) {
  return async function dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
    if (!isChannel(channel)) return refusal('invalid', 'request.unknownChannel', { channel: String(channel).slice(0, 60) });
    const access = CHANNEL_ACCESS[channel];
    const role = who()?.role ?? null;
    if (!mayCall(access, role)) {
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
    try {
      return await (handlers[channel] as (i: unknown) => Promise<IpcResult<unknown>>)(parsed.data);
    } catch (error) {
      console.error(`counter: ${channel} failed: ${(error as Error).message}`);
      return refusal('internal', 'request.internal');
    }
  };
}
