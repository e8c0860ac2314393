import NexoCryptoModule from '@adyen/api-library/lib/src/security/nexoCrypto.js';
import type { SaleToPOIRequest } from '@adyen/api-library/lib/src/typings/terminal/saleToPOIRequest.js';
import type { SaleToPOISecuredMessage } from '@adyen/api-library/lib/src/typings/terminal/saleToPOISecuredMessage.js';
import type { SecurityKey } from '@adyen/api-library/lib/src/typings/terminal/securityKey.js';
import { Agent, request as httpsRequest } from 'node:https';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { done, unknown, type Outcome } from '../../../../shared/outcome';
import { nexoResponse, type NexoResponse } from './messages';

/**
 * The terminal's HTTPS (docs/api.md §9.2): one kept-alive TLS connection to `terminal.url`,
 * the certificate checked against the configured CA and the names Adyen's terminals carry
 * (`POIID.test.terminal.adyen.com` or `.live.`), the messages encrypted with the shared key
 * (NexoCrypto of @adyen/api-library) unless `terminal.unencrypted`. The library's own local
 * clients open a new agent per request, need an API key and cannot be given a deadline per
 * request, so only its models and its crypto are used (docs/counter.md §15).
 */

export interface TransportConfig {
  url: string;
  poiId: string;
  /** PEM of the CA that signs the terminal's certificate. */
  ca: string | Buffer;
  key: { id: string; passphrase: string; version: number } | null;
}

/**
 * What came back: the terminal's answer, nothing (`null`: an AbortRequest's empty 200), or no
 * answer at all (unknown). The transport refuses nothing: refusals are in the answer.
 */
export type Sent = Outcome<NexoResponse | null, never>;
type Posted = Outcome<string, never>;

// The module is CommonJS with a default export: reached the same way under Node's ESM and a bundler.
const NexoCrypto = ((NexoCryptoModule as unknown as { default?: typeof NexoCryptoModule }).default ??
  NexoCryptoModule) as typeof NexoCryptoModule;

/** The names a terminal's certificate may carry for its POIID. */
export const terminalNames = (poiId: string) => [`${poiId}.test.terminal.adyen.com`, `${poiId}.live.terminal.adyen.com`];

export class TerminalTransport {
  private readonly agent: Agent;
  private readonly securityKey: SecurityKey | null;
  private readonly crypto = new NexoCrypto();

  constructor(private readonly config: TransportConfig) {
    const names = terminalNames(config.poiId);
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 4,
      ca: config.ca,
      // The terminal is reached by its address, but named by its POIID: either name will do.
      checkServerIdentity: (host: string, cert: PeerCertificate) => {
        const byName = names.map((name) => checkServerIdentity(name, cert));
        return byName.some((e) => e === undefined) ? undefined : checkServerIdentity(host, cert);
      },
    });
    this.securityKey = config.key && {
      AdyenCryptoVersion: 1,
      KeyIdentifier: config.key.id,
      KeyVersion: config.key.version,
      Passphrase: config.key.passphrase,
    };
  }

  /** POSTs one request and waits for its answer at most `timeoutMs`. Never throws. */
  async send(message: { SaleToPOIRequest: SaleToPOIRequest }, timeoutMs: number): Promise<Sent> {
    const body = JSON.stringify(this.seal(message));
    const raw = await this.post(body, timeoutMs);
    if (raw.kind !== 'ok') return raw;
    if (raw.value.trim() === '') return done(null);
    try {
      const json = this.open(JSON.parse(raw.value) as unknown);
      const parsed = nexoResponse.safeParse(json);
      if (!parsed.success) return unknown(`an answer the counter cannot read: ${parsed.error.issues[0]?.message}`);
      return done(parsed.data.SaleToPOIResponse);
    } catch (error) {
      return unknown(`an answer the counter cannot read: ${(error as Error).message}`);
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private seal(message: { SaleToPOIRequest: SaleToPOIRequest }): unknown {
    if (!this.securityKey) return message;
    return { SaleToPOIRequest: NexoCrypto.encrypt(message.SaleToPOIRequest.MessageHeader, JSON.stringify(message), this.securityKey) };
  }

  private open(json: unknown): unknown {
    if (!this.securityKey) return json;
    const secured = (json as { SaleToPOIResponse?: SaleToPOISecuredMessage }).SaleToPOIResponse;
    if (!secured?.NexoBlob) throw new Error('the answer is not encrypted');
    return JSON.parse(this.crypto.decrypt(secured, this.securityKey)) as unknown;
  }

  private post(body: string, timeoutMs: number): Promise<Posted> {
    return new Promise((resolve) => {
      const req = httpsRequest(this.config.url, {
        method: 'POST',
        agent: this.agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      const end = (value: Posted) => {
        clearTimeout(timer);
        resolve(value);
      };
      req.on('error', (error) => end(unknown(error.message)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => end(unknown(error.message)));
        res.on('end', () => {
          if (!res.complete) return end(unknown('the answer was cut off'));
          if (res.statusCode !== 200) return end(unknown(`the terminal answered HTTP ${res.statusCode}`));
          end(done(Buffer.concat(chunks).toString('utf8')));
        });
      });
      req.end(body);
    });
  }
}
