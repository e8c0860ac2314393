import type { DeviceState } from '../../../../shared/devices';
import { NEXO_ERROR, NEXO_RESULT } from '../../../../shared/nexoValues';
import {
  abortBody,
  errorOf,
  paymentBody,
  pinTotals,
  receiptLines,
  reconciliationBody,
  request,
  reversalBody,
  reversalStatusBody,
  statusBody,
  totalsBody,
  type Category,
  type NexoBody,
  type NexoIds,
  type NexoPaymentResponse,
  type NexoResponse,
  type NexoResult,
} from './messages';
import type { PaymentOutcome, ReversalOutcome, TerminalAnswer, TerminalPort, TerminalTransaction } from '../port';
import { TerminalTransport, type Sent, type TransportConfig } from './transport';
import { done, refused, unknown, type Outcome } from '../../../../shared/outcome';

/**
 * The nexo driver (docs/api.md §9.2): each call one request to the terminal over its HTTPS,
 * with a new ServiceID. A PaymentRequest waits `answerMs` (150 s) for its answer; the other
 * requests are answered at once by a terminal, and wait `requestMs`.
 */

export interface NexoDriverOptions extends TransportConfig {
  saleId: string;
  /** A new ServiceID each time (kept, never reused: TerminalStore.nextServiceId). */
  nextServiceId: () => string;
  clock: () => Date;
  answerMs?: number;
  requestMs?: number;
}

export const ANSWER_MS = 150_000;
const REQUEST_MS = 10_000;

/** A PaymentResponse read: approved only on Success with the terminal's own transaction. */
export function outcomeOf(payment: NexoPaymentResponse): PaymentOutcome {
  if (payment.Response.Result === NEXO_RESULT.success && payment.POIData) {
    const { TransactionID, TimeStamp } = payment.POIData.POITransactionID;
    return done({ transaction: { reference: TransactionID, at: TimeStamp }, receipt: receiptLines(payment) });
  }
  if (payment.Response.Result === NEXO_RESULT.failure) return refused({ error: errorOf(payment.Response) });
  // Partial (or a success without the terminal's transaction): not what the counter asked: ask again.
  return unknown(`the terminal answered ${payment.Response.Result}`);
}

/** A ReversalResponse read: given back only on Success. */
function reversalOutcomeOf(response: NexoResult | undefined): ReversalOutcome {
  if (!response) return unknown('an answer without a ReversalResponse');
  if (response.Result === NEXO_RESULT.success) return done(true);
  if (response.Result === NEXO_RESULT.failure) return refused({ error: errorOf(response) });
  return unknown(`the terminal answered ${response.Result}`);
}

export class NexoDriver implements TerminalPort {
  private readonly transport: TerminalTransport;
  private readonly ids: NexoIds;
  private waiting = 0;
  private reachable = true;

  constructor(private readonly options: NexoDriverOptions) {
    this.transport = new TerminalTransport(options);
    this.ids = { saleId: options.saleId, poiId: options.poiId };
  }

  state(): DeviceState {
    if (!this.reachable) return 'offline';
    return this.waiting > 0 ? 'busy' : 'ready';
  }

  private async send(category: Category, body: NexoBody, timeoutMs: number, serviceId = this.options.nextServiceId()): Promise<Sent> {
    const sent = await this.transport.send(request(category, serviceId, this.ids, body), timeoutMs);
    // A request that timed out was received; a refused or broken connection says the terminal is not there.
    this.reachable = sent.kind !== 'unknown' || /within/.test(sent.reason);
    return sent;
  }

  /** A request whose answer is read: an empty one tells nothing (only an AbortRequest's may be empty). */
  private async ask(category: Category, body: NexoBody, timeoutMs: number, serviceId?: string): Promise<Outcome<NexoResponse, never>> {
    const sent = await this.send(category, body, timeoutMs, serviceId);
    if (sent.kind !== 'ok') return sent;
    return sent.value === null ? unknown('an empty answer') : done(sent.value);
  }

  async pay(serviceId: string, transactionId: string, amountCents: number): Promise<PaymentOutcome> {
    this.waiting++;
    try {
      const body = paymentBody(transactionId, amountCents, this.options.clock());
      const sent = await this.ask('payment', body, this.options.answerMs ?? ANSWER_MS, serviceId);
      if (sent.kind !== 'ok') return sent;
      const payment = sent.value.PaymentResponse;
      return payment ? outcomeOf(payment) : unknown('an answer without a PaymentResponse');
    } finally {
      this.waiting--;
    }
  }

  async status(paymentServiceId: string): Promise<PaymentOutcome> {
    const sent = await this.ask('status', statusBody(this.ids.saleId, paymentServiceId), this.options.requestMs ?? REQUEST_MS);
    if (sent.kind !== 'ok') return sent;
    const status = sent.value.TransactionStatusResponse;
    if (!status) return unknown('an answer without a TransactionStatusResponse');
    if (status.Response.Result === NEXO_RESULT.success) {
      const payment = status.RepeatedMessageResponse?.RepeatedResponseMessageBody.PaymentResponse;
      return payment ? outcomeOf(payment) : unknown('a status without the payment');
    }
    // NotFound: the terminal never took the request, so nothing was charged (docs/api.md §9.2, decided here).
    if (status.Response.ErrorCondition === NEXO_ERROR.notFound) return refused({ error: 'NotFound' });
    return unknown(`the terminal says ${status.Response.ErrorCondition ?? 'nothing yet'}`);
  }

  async abort(paymentServiceId: string): Promise<void> {
    await this.send('abort', abortBody(this.ids.saleId, paymentServiceId), this.options.requestMs ?? REQUEST_MS);
  }

  async reverse(serviceId: string, original: TerminalTransaction, amountCents: number | null): Promise<ReversalOutcome> {
    const poiTransaction = { TransactionID: original.reference, TimeStamp: original.at };
    const sent = await this.ask('reversal', reversalBody(poiTransaction, amountCents), this.options.requestMs ?? REQUEST_MS, serviceId);
    if (sent.kind !== 'ok') return sent;
    return reversalOutcomeOf(sent.value.ReversalResponse?.Response);
  }

  async reversalStatus(reversalServiceId: string): Promise<ReversalOutcome> {
    const body = reversalStatusBody(this.ids.saleId, reversalServiceId);
    const sent = await this.ask('status', body, this.options.requestMs ?? REQUEST_MS);
    if (sent.kind !== 'ok') return sent;
    const status = sent.value.TransactionStatusResponse;
    if (!status) return unknown('an answer without a TransactionStatusResponse');
    if (status.Response.Result === NEXO_RESULT.success) {
      return reversalOutcomeOf(status.RepeatedMessageResponse?.RepeatedResponseMessageBody.ReversalResponse?.Response);
    }
    // NotFound: the terminal never took the reversal, so nothing was given back.
    if (status.Response.ErrorCondition === NEXO_ERROR.notFound) return refused({ error: 'NotFound' });
    return unknown(`the terminal says ${status.Response.ErrorCondition ?? 'nothing yet'}`);
  }

  async totals(close: boolean): Promise<TerminalAnswer<ReturnType<typeof pinTotals>>> {
    const sent = close
      ? await this.ask('reconciliation', reconciliationBody(), this.options.requestMs ?? REQUEST_MS)
      : await this.ask('totals', totalsBody(), this.options.requestMs ?? REQUEST_MS);
    if (sent.kind !== 'ok') return sent;
    const answer = close ? sent.value.ReconciliationResponse : sent.value.GetTotalsResponse;
    if (!answer) return unknown('an answer without the totals');
    if (answer.Response.Result !== NEXO_RESULT.success) return refused({ error: errorOf(answer.Response) });
    return done(pinTotals(answer.TransactionTotals));
  }

  close(): void {
    this.transport.close();
  }
}
