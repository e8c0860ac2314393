import type { TerminalError } from '../../shared/ipc/terminal';
import {
  NEXO_CARD,
  NEXO_CATEGORY,
  NEXO_CUSTOMER_RECEIPT,
  NEXO_ERROR,
  NEXO_MESSAGE,
  NEXO_REJECT,
  NEXO_RESULT,
  NEXO_SALE_RECONCILIATION,
  NEXO_TEXT_OUTPUT,
  NEXO_TRANSACTION,
} from '../../shared/nexoValues';

/**
 * The simulator's terminal side: its transactions by ServiceID, the charges it made, what it
 * gave back, and its totals since the last reconciliation. Answers each nexo request as a
 * terminal would (docs/api.md §9.2).
 */

export type Outcome =
  | { kind: 'approve' }
  | { kind: 'decline'; error?: TerminalError }
  /** No answer: held until the clerk aborts it or the counter gives up; then it ends as `then` says. */
  | { kind: 'silent'; then: 'approve' | 'decline' }
  /** Approved and charged, but the answer is lost (the connection dropped). */
  | { kind: 'lose' };

export interface Charge {
  /** The counter's SaleTransactionID (its operatorPaymentReference). */
  transactionId: string;
  poiTransactionId: string;
  amount: number;
}

interface Transaction {
  transactionId: string;
  amount: number;
  state: 'inProgress' | 'approved' | 'declined';
  payment: Record<string, unknown> | null;
  /** Ends a held payment: its answer goes out if its connection is still open. */
  finish: ((outcome: 'approve' | 'decline', error: TerminalError) => void) | null;
}

export interface Wire {
  send(body: Record<string, unknown> | null): void;
  drop(): void;
  onClose(listener: () => void): void;
  held(): void;
  settled(): void;
  /** True: this status request loses its answer. */
  dropStatus(): boolean;
  /** A ReversalRequest was done (or refused) by the terminal, whatever becomes of its answer. */
  reversed(): void;
}

const cents = (euros: unknown) => Math.round(Number(euros) * 100);
const euros = (cents: number) => cents / 100;
/** The payment a status or abort request refers to: its SaleID and ServiceID. */
const referenceOf = (request: Record<string, unknown>) => {
  const ref = request.MessageReference as { SaleID?: string; ServiceID?: string } | undefined;
  return `${ref?.SaleID ?? ''}/${ref?.ServiceID ?? ''}`;
};
const line = (name: string, value: string, key: string) => ({ Text: new URLSearchParams({ key, name, value }).toString() });

export class TerminalBook {
  script: Outcome[] = [];
  /** What becomes of the next ReversalRequest's answer, once done: sent, lost (the connection dropped), or held (never sent). */
  reversalAnswer: 'send' | 'lose' | 'hold' = 'send';
  /** True: the terminal answers GetTotals and Reconciliation with Failure (Busy), its period left as it is. */
  totalsBusy = false;
  readonly charges: Charge[] = [];
  readonly reversals: { poiTransactionId: string; amount: number }[] = [];
  private readonly transactions = new Map<string, Transaction>();
  private period = { debits: [] as number[], reversals: [] as number[] };
  private count = 0;

  /** The transactions the terminal charged, by the counter's SaleTransactionID: more than one is a double charge. */
  chargesOf(transactionId: string): Charge[] {
    return this.charges.filter((c) => c.transactionId === transactionId);
  }

  dropHeld(): void {
    for (const t of this.transactions.values()) t.finish = null;
  }

  /** The answer's body, or undefined when the answer is sent (or lost) later. */
  handle(header: Record<string, string>, message: Record<string, unknown>, wire: Wire): Record<string, unknown> | null | undefined {
    switch (header.MessageCategory) {
      case NEXO_CATEGORY.payment:
        return this.payment(`${header.SaleID}/${header.ServiceID}`, message.PaymentRequest as Record<string, unknown>, wire);
      case NEXO_CATEGORY.status:
        return this.status(message.TransactionStatusRequest as Record<string, unknown>, wire);
      case NEXO_CATEGORY.abort:
        return this.abort(message.AbortRequest as Record<string, unknown>);
      case NEXO_CATEGORY.reversal:
        return this.reverseAndAnswer(`${header.SaleID}/${header.ServiceID}`, message.ReversalRequest as Record<string, unknown>, wire);
      case NEXO_CATEGORY.totals:
      case NEXO_CATEGORY.reconciliation:
        if (this.totalsBusy) {
          const failure = { Response: { Result: NEXO_RESULT.failure, ErrorCondition: NEXO_ERROR.busy } };
          return header.MessageCategory === NEXO_CATEGORY.totals ? { GetTotalsResponse: failure } : { ReconciliationResponse: failure };
        }
        return header.MessageCategory === NEXO_CATEGORY.totals ? this.getTotals() : this.reconcile();
      default:
        return { EventNotification: { EventToNotify: NEXO_REJECT } };
    }
  }

  private getTotals() {
    return { GetTotalsResponse: { Response: { Result: NEXO_RESULT.success }, POIReconciliationID: '1', TransactionTotals: this.totals() } };
  }

  private reconcile() {
    const totals = this.totals();
    this.period = { debits: [], reversals: [] };
    return {
      ReconciliationResponse: {
        Response: { Result: NEXO_RESULT.success },
        ReconciliationType: NEXO_SALE_RECONCILIATION,
        TransactionTotals: totals,
      },
    };
  }

  private payment(serviceId: string, request: Record<string, unknown>, wire: Wire) {
    const transactionId = (request.SaleData as { SaleTransactionID: { TransactionID: string } }).SaleTransactionID.TransactionID;
    const amount = cents((request.PaymentTransaction as { AmountsReq: { RequestedAmount: number } }).AmountsReq.RequestedAmount);
    const outcome = this.script.shift() ?? { kind: 'approve' };
    const t: Transaction = { transactionId, amount, state: 'inProgress', payment: null, finish: null };
    this.transactions.set(serviceId, t);
    const end = (approve: boolean, error: TerminalError = 'Refusal') => {
      if (approve) this.charge(t);
      else this.decline(t, error);
      wire.settled();
      return { PaymentResponse: t.payment };
    };
    if (outcome.kind === 'approve') return end(true);
    if (outcome.kind === 'decline') return end(false, outcome.error);
    if (outcome.kind === 'lose') {
      end(true);
      wire.drop();
      return undefined;
    }
    t.finish = (then, error) => {
      t.finish = null;
      wire.send(end(then === 'approve', error));
    };
    // The counter gave up waiting: the terminal finishes the card as scripted, and tells it when asked.
    wire.onClose(() => t.finish?.(outcome.then, 'Cancel'));
    wire.held();
    return undefined;
  }

  private charge(t: Transaction) {
    const poiTransactionId = `SIM${String(++this.count).padStart(6, '0')}`;
    const stamp = new Date().toISOString();
    this.charges.push({ transactionId: t.transactionId, poiTransactionId, amount: t.amount });
    this.period.debits.push(t.amount);
    t.state = 'approved';
    t.payment = {
      Response: { Result: NEXO_RESULT.success },
      SaleData: { SaleTransactionID: { TransactionID: t.transactionId, TimeStamp: stamp } },
      POIData: { POITransactionID: { TransactionID: poiTransactionId, TimeStamp: stamp } },
      PaymentResult: { AmountsResp: { AuthorizedAmount: euros(t.amount), Currency: 'EUR' } },
      PaymentReceipt: [
        {
          DocumentQualifier: NEXO_CUSTOMER_RECEIPT,
          OutputContent: {
            OutputFormat: NEXO_TEXT_OUTPUT,
            OutputText: [
              line('Terminal simulator', '', 'header1'),
              line('Card', '**** **** **** 0004', 'cardNumber'),
              line('Amount', `EUR ${euros(t.amount).toFixed(2)}`, 'totalAmount'),
              line('Transaction', poiTransactionId, 'txRef'),
              line('Result', 'APPROVED', 'approved'),
            ],
          },
        },
      ],
    };
  }

  private decline(t: Transaction, error: TerminalError) {
    t.state = 'declined';
    t.payment = {
      Response: { Result: NEXO_RESULT.failure, ErrorCondition: error, AdditionalResponse: `message=${error}` },
      SaleData: { SaleTransactionID: { TransactionID: t.transactionId, TimeStamp: new Date().toISOString() } },
    };
  }

  private status(request: Record<string, unknown>, wire: Wire) {
    if (wire.dropStatus()) {
      wire.drop();
      return undefined;
    }
    const referred = referenceOf(request);
    if ((request.MessageReference as { MessageCategory?: string } | undefined)?.MessageCategory === NEXO_CATEGORY.reversal) {
      const answer = this.reversalAnswers.get(referred);
      if (!answer) return { TransactionStatusResponse: { Response: { Result: NEXO_RESULT.failure, ErrorCondition: NEXO_ERROR.notFound } } };
      return {
        TransactionStatusResponse: {
          Response: { Result: NEXO_RESULT.success },
          RepeatedMessageResponse: {
            MessageHeader: {
              MessageCategory: NEXO_CATEGORY.reversal,
              MessageType: NEXO_MESSAGE.response,
              ServiceID: referred.split('/')[1],
            },
            RepeatedResponseMessageBody: answer,
          },
        },
      };
    }
    const t = this.transactions.get(referred);
    if (!t) return { TransactionStatusResponse: { Response: { Result: NEXO_RESULT.failure, ErrorCondition: NEXO_ERROR.notFound } } };
    if (t.state === 'inProgress')
      return { TransactionStatusResponse: { Response: { Result: NEXO_RESULT.failure, ErrorCondition: NEXO_ERROR.inProgress } } };
    return {
      TransactionStatusResponse: {
        Response: { Result: NEXO_RESULT.success },
        RepeatedMessageResponse: {
          MessageHeader: { MessageCategory: NEXO_CATEGORY.payment, MessageType: NEXO_MESSAGE.response, ServiceID: referred.split('/')[1] },
          RepeatedResponseMessageBody: { PaymentResponse: t.payment },
        },
      },
    };
  }

  private abort(request: Record<string, unknown>) {
    const referred = referenceOf(request);
    // Only a payment still at the card can be stopped; the terminal answers an abort with nothing.
    this.transactions.get(referred)?.finish?.('decline', 'Aborted');
    return null;
  }

  /** A reversal's answer, by its SaleID/ServiceID, for a TransactionStatusRequest about it. */
  private readonly reversalAnswers = new Map<string, Record<string, unknown>>();

  /** Reverses (or refuses) and answers as `reversalAnswer` says; the answer is kept for a status request. */
  private reverseAndAnswer(key: string, request: Record<string, unknown>, wire: Wire) {
    const answer = this.reversal(request);
    this.reversalAnswers.set(key, answer);
    const how = this.reversalAnswer;
    this.reversalAnswer = 'send';
    wire.reversed();
    if (how === 'send') return answer;
    if (how === 'lose') wire.drop();
    return undefined;
  }

  private reversal(request: Record<string, unknown>) {
    const original = (request.OriginalPOITransaction as { POITransactionID?: { TransactionID?: string } }).POITransactionID?.TransactionID;
    const charge = this.charges.find((c) => c.poiTransactionId === original);
    if (!charge) return { ReversalResponse: { Response: { Result: NEXO_RESULT.failure, ErrorCondition: NEXO_ERROR.notFound } } };
    const given = this.reversals.filter((r) => r.poiTransactionId === original).reduce((sum, r) => sum + r.amount, 0);
    const amount = request.ReversedAmount === undefined ? charge.amount - given : cents(request.ReversedAmount);
    if (amount <= 0 || given + amount > charge.amount) {
      return { ReversalResponse: { Response: { Result: NEXO_RESULT.failure, ErrorCondition: NEXO_ERROR.notAllowed } } };
    }
    this.reversals.push({ poiTransactionId: charge.poiTransactionId, amount });
    this.period.reversals.push(amount);
    return {
      ReversalResponse: {
        Response: { Result: NEXO_RESULT.success },
        POIData: { POITransactionID: { TransactionID: original, TimeStamp: new Date().toISOString() } },
      },
    };
  }

  private totals() {
    const total = (amounts: number[]) => euros(amounts.reduce((sum, a) => sum + a, 0));
    return [
      {
        PaymentInstrumentType: NEXO_CARD,
        PaymentTotals: [
          {
            TransactionType: NEXO_TRANSACTION.debit,
            TransactionCount: this.period.debits.length,
            TransactionAmount: total(this.period.debits),
          },
          {
            TransactionType: NEXO_TRANSACTION.reverseDebit,
            TransactionCount: this.period.reversals.length,
            TransactionAmount: total(this.period.reversals),
          },
        ],
      },
    ];
  }
}
