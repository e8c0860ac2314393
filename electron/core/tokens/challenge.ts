import { ok, refusal } from '../../../shared/refusals';
import type { ChallengeSent, IpcResult } from '../../../shared/ipc';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const VALID_MS = 10 * 60 * 1000;
const MAX_TRIES = 5;

/**
 * Where a one-time password goes: an SMTP relay (mail.ts), or, on the demo setup only (the
 * embedded central), nowhere: the code is then shown on screen, marked as a demo code.
 */
export interface MailTransport {
  readonly demo: boolean;
  send(to: string, subject: string, text: string): Promise<void>;
  close?(): void;
}

export const demoTransport: MailTransport = { demo: true, send: async () => {} };

const digest = (code: string) => createHash('sha256').update(code).digest();

/**
 * The e-mail challenge of personal data (challenge type 1): a six-digit code sent to the
 * traveller, typed back by the clerk. Codes live in memory only, hashed, for ten minutes.
 */
export class Challenges {
  private pending = new Map<string, { hash: Buffer; expires: number; tries: number }>();

  /** `transport` null: no mail relay is configured, and no code can be sent. */
  constructor(
    private readonly transport: MailTransport | null,
    private readonly now: () => Date,
    private readonly newId: () => string,
  ) {}

  /** The challenge, or why no code went out. */
  async send(emailAddress: string): Promise<IpcResult<ChallengeSent>> {
    if (!this.transport) return refusal('conflict', 'challenge.noRelay');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const challengeId = this.newId();
    const expires = this.now().getTime() + VALID_MS;
    try {
      await this.transport.send(
        emailAddress,
        'Uw code / Your code',
        `Uw code voor de balie / Your code for the ticket office: ${code}\n\nDe code is 10 minuten geldig. / The code is valid for 10 minutes.`,
      );
    } catch {
      // The relay's words may name the address: they stay out of the answer and the log.
      return refusal('conflict', 'challenge.notSent');
    }
    this.pending.set(challengeId, { hash: digest(code), expires, tries: 0 });
    return ok({
      challengeId,
      expiresAt: new Date(expires).toISOString(),
      sentTo: emailAddress,
      demoCode: this.transport.demo ? code : null,
    });
  }

  verify(challengeId: string, code: string): IpcResult<{ verified: true }> {
    const entry = this.pending.get(challengeId);
    if (!entry || entry.expires < this.now().getTime()) return refusal('invalid', 'challenge.expired');
    entry.tries++;
    if (entry.tries > MAX_TRIES) {
      this.pending.delete(challengeId);
      return refusal('invalid', 'challenge.tooManyTries');
    }
    if (!timingSafeEqual(entry.hash, digest(code))) return refusal('invalid', 'challenge.wrongCode');
    this.pending.delete(challengeId);
    return ok({ verified: true });
  }
}
