import { MessageCategoryType } from '@adyen/api-library/lib/src/typings/terminal/messageCategoryType.js';
import { MessageClassType } from '@adyen/api-library/lib/src/typings/terminal/messageClassType.js';
import { MessageReference } from '@adyen/api-library/lib/src/typings/terminal/messageReference.js';
import { MessageType } from '@adyen/api-library/lib/src/typings/terminal/messageType.js';
import { ReconciliationType } from '@adyen/api-library/lib/src/typings/terminal/reconciliationType.js';
import { ReversalReasonType } from '@adyen/api-library/lib/src/typings/terminal/reversalReasonType.js';
import { TransactionStatusRequest } from '@adyen/api-library/lib/src/typings/terminal/transactionStatusRequest.js';
import type { SaleToPOIRequest } from '@adyen/api-library/lib/src/typings/terminal/saleToPOIRequest.js';
import { z } from 'zod';
import { TERMINAL_ERRORS, type PinTotals, type TerminalError } from '../../../../shared/ipc/terminal';
import { NEXO_MESSAGE, NEXO_RESULT, NEXO_TRANSACTION } from '../../../../shared/nexoValues';

/**
 * The nexo Retailer messages the counter sends and the answers it reads (docs/api.md §9.2), in
 * the shapes of Adyen's Terminal API models (@adyen/api-library). The answers are checked with
 * zod: a terminal is a device on the network, and an answer it did not mean is no approval.
 */

export interface NexoIds {
  saleId: string;
  poiId: string;
}

/** A request's body: the message header is added by `request`. */
export type NexoBody = Omit<SaleToPOIRequest, 'MessageHeader'>;

export const CATEGORY = {
  payment: MessageCategoryType.Payment,
  status: MessageCategoryType.TransactionStatus,
  abort: MessageCategoryType.Abort,
  reversal: MessageCategoryType.Reversal,
  totals: MessageCategoryType.GetTotals,
  reconciliation: MessageCategoryType.Reconciliation,
} as const;
export type Category = keyof typeof CATEGORY;

/** The whole SaleToPOIRequest: the header every request carries (ProtocolVersion 3.0, SaleID, POIID, ServiceID). */
export function request(category: Category, serviceId: string, ids: NexoIds, body: NexoBody): { SaleToPOIRequest: SaleToPOIRequest } {
  return {
    SaleToPOIRequest: {
      MessageHeader: {
        ProtocolVersion: '3.0',
        MessageClass: MessageClassType.Service,
        MessageCategory: CATEGORY[category],
        MessageType: MessageType.Request,
        SaleID: ids.saleId,
        POIID: ids.poiId,
        ServiceID: serviceId,
      },
      ...body,
    },
  };
}

/** Cents as the terminal's decimal euros. */
export const euros = (cents: number) => Math.round(cents) / 100;
const cents = (amount: number) => Math.round(amount * 100);

export function paymentBody(transactionId: string, amountCents: number, at: Date): NexoBody {
  return {
    PaymentRequest: {
      SaleData: { SaleTransactionID: { TransactionID: transactionId, TimeStamp: at.toISOString() } },
      PaymentTransaction: { AmountsReq: { Currency: 'EUR', RequestedAmount: euros(amountCents) } },
    },
  };
}

const reference = (saleId: string, serviceId: string, category = MessageReference.MessageCategoryEnum.Payment) => ({
  SaleID: saleId,
  ServiceID: serviceId,
  MessageCategory: category,
});

export function statusBody(saleId: string, paymentServiceId: string): NexoBody {
  return {
    TransactionStatusRequest: {
      ReceiptReprintFlag: true,
      DocumentQualifier: [TransactionStatusRequest.DocumentQualifierEnum.CustomerReceipt],
      MessageReference: reference(saleId, paymentServiceId),
    },
  };
}

/** The status of a ReversalRequest whose answer did not come (nexo TransactionStatus covers reversals too). */
export function reversalStatusBody(saleId: string, reversalServiceId: string): NexoBody {
  return {
    TransactionStatusRequest: { MessageReference: reference(saleId, reversalServiceId, MessageReference.MessageCategoryEnum.Reversal) },
  };
}

export function abortBody(saleId: string, paymentServiceId: string): NexoBody {
  return { AbortRequest: { AbortReason: 'MerchantAbort', MessageReference: reference(saleId, paymentServiceId) } };
}

export function reversalBody(poiTransaction: { TransactionID: string; TimeStamp: string }, amountCents: number | null): NexoBody {
  return {
    ReversalRequest: {
      OriginalPOITransaction: { POITransactionID: poiTransaction },
      ReversalReason: ReversalReasonType.MerchantCancel,
      ...(amountCents === null ? {} : { ReversedAmount: euros(amountCents) }),
    },
  };
}

export const totalsBody = (): NexoBody => ({ GetTotalsRequest: {} });
export const reconciliationBody = (): NexoBody => ({
  ReconciliationRequest: { ReconciliationType: ReconciliationType.SaleReconciliation },
});

// ---- answers ----

const result = z.object({
  Result: z.enum([NEXO_RESULT.success, NEXO_RESULT.failure, NEXO_RESULT.partial]),
  ErrorCondition: z.string().optional(),
  AdditionalResponse: z.string().optional(),
});
const transactionId = z.object({ TransactionID: z.string().min(1), TimeStamp: z.string().min(1) });
const receipts = z
  .array(z.object({ OutputContent: z.object({ OutputText: z.array(z.object({ Text: z.string().optional() })).optional() }) }))
  .optional();
const reversalResponse = z.object({ Response: result, POIData: z.object({ POITransactionID: transactionId }).optional() });
const paymentResponse = z.object({
  Response: result,
  SaleData: z.object({ SaleTransactionID: transactionId.partial() }).optional(),
  POIData: z.object({ POITransactionID: transactionId }).optional(),
  PaymentResult: z.object({ AmountsResp: z.object({ AuthorizedAmount: z.number() }).optional() }).optional(),
  PaymentReceipt: receipts,
});
const paymentTotals = z.object({
  TransactionType: z.string(),
  TransactionCount: z.number().int(),
  TransactionAmount: z.number(),
});
const totals = z.array(z.object({ PaymentTotals: z.array(paymentTotals).optional() })).optional();

/** A SaleToPOIResponse as far as the counter reads it. */
export const nexoResponse = z.object({
  SaleToPOIResponse: z.object({
    MessageHeader: z.object({
      MessageCategory: z.string(),
      ServiceID: z.string().optional(),
      MessageType: z.literal(NEXO_MESSAGE.response),
    }),
    PaymentResponse: paymentResponse.optional(),
    TransactionStatusResponse: z
      .object({
        Response: result,
        RepeatedMessageResponse: z
          .object({
            RepeatedResponseMessageBody: z.object({
              PaymentResponse: paymentResponse.optional(),
              ReversalResponse: reversalResponse.optional(),
            }),
          })
          .optional(),
      })
      .optional(),
    ReversalResponse: reversalResponse.optional(),
    GetTotalsResponse: z.object({ Response: result, TransactionTotals: totals }).optional(),
    ReconciliationResponse: z.object({ Response: result, TransactionTotals: totals }).optional(),
  }),
});
export type NexoResponse = z.infer<typeof nexoResponse>['SaleToPOIResponse'];
export type NexoPaymentResponse = z.infer<typeof paymentResponse>;
export type NexoResult = z.infer<typeof result>;

/** The terminal's reason as one the screens word; another is told as a refusal. */
export const errorOf = (r: NexoResult): TerminalError =>
  (TERMINAL_ERRORS as readonly string[]).includes(r.ErrorCondition ?? '') ? (r.ErrorCondition as TerminalError) : 'Refusal';

/**
 * The terminal's receipt as "name: value" lines: each OutputText is URL-encoded
 * `key=…&name=…&value=…` (docs/api.md §9.2); a line with only a name (a heading) stays as is.
 */
export function receiptLines(payment: NexoPaymentResponse): string[] {
  const lines: string[] = [];
  for (const receipt of payment.PaymentReceipt ?? []) {
    for (const { Text } of receipt.OutputContent.OutputText ?? []) {
      if (!Text) continue;
      const fields = new URLSearchParams(Text);
      const name = fields.get('name') ?? '';
      const value = fields.get('value') ?? '';
      const line = name && value ? `${name}: ${value}` : name || value;
      if (line) lines.push(line);
    }
  }
  return lines;
}

/** The terminal's PIN totals: Debit taken, ReverseDebit and Credit given back. */
export function pinTotals(transactionTotals: z.infer<typeof totals>): PinTotals {
  const sum: PinTotals = { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 };
  for (const group of transactionTotals ?? []) {
    for (const t of group.PaymentTotals ?? []) {
      if (t.TransactionType === NEXO_TRANSACTION.debit) {
        sum.debitCount += t.TransactionCount;
        sum.debitAmount += cents(t.TransactionAmount);
      } else if (t.TransactionType === NEXO_TRANSACTION.reverseDebit || t.TransactionType === NEXO_TRANSACTION.credit) {
        sum.refundCount += t.TransactionCount;
        sum.refundAmount += cents(t.TransactionAmount);
      }
    }
  }
  return sum;
}
