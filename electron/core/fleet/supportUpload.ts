import type { IpcResult } from '../../../shared/ipc';
import type { SupportUpload } from '../../../shared/ipc/fleet';
import { ok, refusal } from '../../../shared/refusals';
import { supportBundleEntry } from '../../../shared/schemas/fleet';
import type { CentralClient } from '../central';
import { supportBundle, type SupportBundleInput } from './supportBundle';
import type { Enrolment } from './enrolment';

export interface SupportUploadDeps {
  client: CentralClient;
  enrolment: Enrolment;
  /** Whether the central answered the last sync round: offline, nothing is tried. */
  online: boolean;
  input: SupportBundleInput;
}

/**
 * Uploads the support bundle, the same content as the file (docs/counter.md §18), to the central
 * this counter is enrolled with (docs/api.md §11.6), with its device token. Once, now: a
 * counter that is offline or not enrolled there is told so, and nothing is queued (the file is
 * the way then).
 */
export async function uploadSupportBundle({ client, enrolment, online, input }: SupportUploadDeps): Promise<IpcResult<SupportUpload>> {
  const enrolled = enrolment.at(client.baseUrl);
  if (!enrolled || enrolled.revoked) return refusal('conflict', 'fleet.notEnrolled');
  if (!online) return refusal('conflict', 'fleet.offline');
  const url = `${client.orderBase}/counters/${encodeURIComponent(enrolled.deviceId)}/support-bundles`;
  const answer = await client.request('POST', url, supportBundleEntry, supportBundle(input));
  if (answer.kind === 'ok') return ok({ receivedAt: answer.value.receivedAt, bytes: answer.value.bytes });
  // A revocation heard here is marked by the client's onRefused, as for any request.
  if (answer.kind === 'refused') return refusal('conflict', 'fleet.bundleRefused');
  return refusal('conflict', 'fleet.offline');
}
