import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const VALID_MS = 10 * 60 * 1000;
const MAX_TRIES = 5;

/** Where a one-time password goes. The demo setup has no mail relay: the code is shown on screen, marked as such. */
export interface MailTransport {
  readonly demo: boolean;
  send(to: string, subject: string, text: string): Promise<void>;
}

export const demoTransport: MailTransport = { demo: true, send: async () => {} };

const digest = (code: string) => createHash('sha256').update(code).digest();

/**
 * The e-mail challenge of personal data (challenge type 1): a six-digit code sent to the
 * traveller, typed back by the clerk. Codes live in memory only, hashed, for ten minutes.
 */
export class Challenges {
  private pending = new Map<string, { hash: Buffer; expires: number; tries: number }>();

  constructor(private readonly transport: MailTransport, private readonly now: () => Date, private readonly newId: () => string) {}

  async send(emailAddress: string) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const challengeId = this.newId();
    const expires = this.now().getTime() + VALID_MS;
    this.pending.set(challengeId, { hash: digest(code), expires, tries: 0 });
    await this.transport.send(emailAddress, 'Your code', `Your code for the ticket office: ${code}`);
    return {
      challengeId,
      expiresAt: new Date(expires).toISOString(),
      sentTo: emailAddress,
      demoCode: this.transport.demo ? code : null,
    };
  }

  verify(challengeId: string, code: string): true | string {
    const entry = this.pending.get(challengeId);
    if (!entry || entry.expires < this.now().getTime()) return 'the code has expired: send a new one';
    entry.tries++;
    if (entry.tries > MAX_TRIES) {
      this.pending.delete(challengeId);
      return 'too many wrong codes: send a new one';
    }
    if (!timingSafeEqual(entry.hash, digest(code))) return 'the code is not right';
    this.pending.delete(challengeId);
    return true;
  }
}
