import type { FleetStatus, HandlersOf, IpcResult } from '../../../shared/ipc';
import type { EnrolRestart, fleetChannels, SupportFile, SupportUpload } from '../../../shared/ipc/fleet';
import { ok, refusal } from '../../../shared/refusals';
import { claimCode } from './enrolment';
import type { DeviceCredentials } from '../../../shared/schemas/fleet';

/** What the fleet's channels need of the counter (docs/counter.md §18). */
export interface FleetDeps {
  status(): FleetStatus;
  /** Only the first run (nobody can log in yet) or a manager may enrol. */
  mayEnrol(): boolean;
  /** The central's address the machine's configuration fixes, if it does. */
  fixedCentralUrl(): string | null;
  /** Writes the enrolment down and seals its token; what it takes to use it. */
  apply(centralUrl: string, credentials: DeviceCredentials): EnrolRestart;
  /** Makes a support bundle and saves it in the data folder. */
  supportBundle(): Promise<SupportFile>;
  /** Makes the same bundle and uploads it to the central (docs/api.md §11.6). */
  uploadSupportBundle(): Promise<IpcResult<SupportUpload>>;
}

export function fleetHandlers(fleet: FleetDeps): HandlersOf<typeof fleetChannels> {
  return {
    'fleet.status': async () => ok(fleet.status()),
    'fleet.supportBundle': async () => ok(await fleet.supportBundle()),
    'fleet.uploadSupportBundle': () => fleet.uploadSupportBundle(),
    'fleet.enrol': async ({ centralUrl, code }): Promise<IpcResult<{ status: FleetStatus; restart: EnrolRestart }>> => {
      if (!fleet.mayEnrol()) return refusal('forbidden', 'session.managerOnly');
      const fixed = fleet.fixedCentralUrl();
      if (fixed && fixed !== centralUrl) return refusal('forbidden', 'settings.fixed');
      const answer = await claimCode(centralUrl, code);
      if (answer.kind === 'unknown') return refusal('internal', 'fleet.centralUnreachable');
      if (answer.kind === 'refused') {
        return answer.retryAfterSeconds === null
          ? refusal('unauthenticated', 'fleet.codeRefused')
          : refusal('conflict', 'fleet.tooManyTries', { seconds: answer.retryAfterSeconds });
      }
      const restart = fleet.apply(centralUrl, answer.value);
      return ok({ status: fleet.status(), restart });
    },
  };
}
