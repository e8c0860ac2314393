import NexoCryptoModule from '@adyen/api-library/lib/src/security/nexoCrypto.js';
import type { SecurityKey } from '@adyen/api-library/lib/src/typings/terminal/securityKey.js';
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { makeSimulatorTls, type SimulatorTls } from './certificates';
import { NEXO_MESSAGE } from '../../shared/nexoValues';
import { TerminalBook, type Outcome } from './book';

/**
 * The built-in payment terminal (docs/api.md §9.2, docs/counter.md §15): a nexo endpoint over
 * HTTPS on 127.0.0.1 that the counter reaches exactly as a real terminal. What it does with
 * the next payment is scripted (`next`): approve, decline, stay silent, or approve and lose
 * the answer. It counts every charge, so a test can see that nothing was charged twice.
 * A dev and demo tool: the product never imports it (only the demo wiring of the shells).
 */

export type { Outcome } from './book';

export interface SimulatorOptions {
  poiId?: string;
  /** With a key the messages are encrypted as a real terminal's (NexoCrypto); without, `terminal.unencrypted`. */
  key?: { id: string; passphrase: string; version: number } | null;
}

/** Emitted per request: its category and ServiceID, and when it arrived (process.hrtime.bigint). */
export interface Received {
  category: string;
  serviceId: string;
  at: bigint;
}

const NexoCrypto = ((NexoCryptoModule as unknown as { default?: typeof NexoCryptoModule }).default ??
  NexoCryptoModule) as typeof NexoCryptoModule;

export class TerminalSimulator extends EventEmitter<{ request: [Received]; held: [string]; settled: [string]; reversed: [string] }> {
  readonly book = new TerminalBook();
  url = '';
  readonly poiId: string;
  readonly key: SimulatorOptions['key'];
  /** Requests whose header broke §9.2 (ProtocolVersion, SaleID, POIID, ServiceID): a test expects none. */
  readonly formatErrors: string[] = [];
  /** Every ServiceID seen, to tell one used twice. */
  readonly reusedServiceIds: string[] = [];
  private readonly seen = new Set<string>();
  private server: Server | null = null;
  private tls: SimulatorTls | null = null;
  private readonly crypto = new NexoCrypto();
  /** The next N status requests lose their answer. */
  dropStatus = 0;

  constructor(options: SimulatorOptions = {}) {
    super();
    this.poiId = options.poiId ?? 'V400m-324688179';
    this.key = options.key ?? null;
  }

  get ca(): string {
    return this.tls!.ca;
  }
  get caPath(): string {
    return this.tls!.caPath;
  }

  /** What the next payments do, in order; once used up, each is approved. */
  next(...outcomes: Outcome[]): void {
    this.book.script.push(...outcomes);
  }

  async start(port = 0): Promise<this> {
    this.tls = await makeSimulatorTls(this.poiId);
    const server = createServer({ cert: this.tls.cert, key: this.tls.key, keepAlive: true });
    server.on('request', (req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/nexo`;
    return this;
  }

  async close(): Promise<void> {
    this.book.dropHeld();
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await this.tls?.remove();
  }

  private securityKey(): SecurityKey | null {
    return this.key
      ? { AdyenCryptoVersion: 1, KeyIdentifier: this.key.id, KeyVersion: this.key.version, Passphrase: this.key.passphrase }
      : null;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = process.hrtime.bigint();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let message: Record<string, unknown>;
    try {
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { SaleToPOIRequest: Record<string, unknown> };
      const key = this.securityKey();
      const secured = json.SaleToPOIRequest as unknown as Parameters<InstanceType<typeof NexoCrypto>['decrypt']>[0];
      message = key ? (JSON.parse(this.crypto.decrypt(secured, key)) as typeof json).SaleToPOIRequest : json.SaleToPOIRequest;
    } catch (error) {
      this.formatErrors.push(`unreadable: ${(error as Error).message}`);
      res.writeHead(400).end();
      return;
    }
    const header = message.MessageHeader as Record<string, string>;
    const problem = this.headerProblem(header);
    if (problem) {
      this.formatErrors.push(problem);
      res.writeHead(400).end();
      return;
    }
    const serviceId = header.ServiceID!;
    if (this.seen.has(serviceId)) this.reusedServiceIds.push(serviceId);
    this.seen.add(serviceId);
    this.emit('request', { category: header.MessageCategory!, serviceId, at });
    const send = (body: Record<string, unknown> | null) => this.send(res, header, body);
    const reply = this.book.handle(header, message, {
      send,
      drop: () => res.socket?.destroy(),
      onClose: (listener) => res.on('close', listener),
      held: () => this.emit('held', serviceId),
      settled: () => this.emit('settled', serviceId),
      dropStatus: () => this.dropStatus > 0 && this.dropStatus-- > 0,
      reversed: () => this.emit('reversed', serviceId),
    });
    if (reply !== undefined) send(reply);
  }

  private headerProblem(h: Record<string, string> | undefined): string | null {
    if (!h) return 'no MessageHeader';
    if (h.ProtocolVersion !== '3.0') return `ProtocolVersion ${h.ProtocolVersion}`;
    if (h.MessageClass !== NEXO_MESSAGE.service || h.MessageType !== NEXO_MESSAGE.request) return `${h.MessageClass} ${h.MessageType}`;
    if (h.POIID !== this.poiId) return `POIID ${h.POIID}`;
    if (!h.SaleID) return 'no SaleID';
    if (!/^[A-Za-z0-9]{1,10}$/.test(h.ServiceID ?? '')) return `ServiceID ${h.ServiceID}`;
    return null;
  }

  private send(res: ServerResponse, header: Record<string, string>, body: Record<string, unknown> | null): void {
    if (res.writableEnded || res.destroyed) return;
    if (body === null) {
      res.writeHead(200, { 'Content-Length': 0 }).end();
      return;
    }
    const response = { SaleToPOIResponse: { MessageHeader: { ...header, MessageType: NEXO_MESSAGE.response }, ...body } };
    const key = this.securityKey();
    const wire = key
      ? { SaleToPOIResponse: NexoCrypto.encrypt(response.SaleToPOIResponse.MessageHeader as never, JSON.stringify(response), key) }
      : response;
    const text = JSON.stringify(wire);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
  }
}
