import { DocumentQualifierType } from '@adyen/api-library/lib/src/typings/terminal/documentQualifierType.js';
import { ErrorConditionType } from '@adyen/api-library/lib/src/typings/terminal/errorConditionType.js';
import { EventToNotifyType } from '@adyen/api-library/lib/src/typings/terminal/eventToNotifyType.js';
import { MessageCategoryType } from '@adyen/api-library/lib/src/typings/terminal/messageCategoryType.js';
import { MessageClassType } from '@adyen/api-library/lib/src/typings/terminal/messageClassType.js';
import { MessageType } from '@adyen/api-library/lib/src/typings/terminal/messageType.js';
import { OutputFormatType } from '@adyen/api-library/lib/src/typings/terminal/outputFormatType.js';
import { PaymentInstrumentType } from '@adyen/api-library/lib/src/typings/terminal/paymentInstrumentType.js';
import { ReconciliationType } from '@adyen/api-library/lib/src/typings/terminal/reconciliationType.js';
import { ReversalReasonType } from '@adyen/api-library/lib/src/typings/terminal/reversalReasonType.js';
import { ResultType } from '@adyen/api-library/lib/src/typings/terminal/resultType.js';
import { TransactionType } from '@adyen/api-library/lib/src/typings/terminal/transactionType.js';

/**
 * The nexo values the counter's terminal driver and the terminal simulator send and read
 * (docs/api.md §9.2), as Adyen's @adyen/api-library spells them: nexo's own spelling is the
 * library's (`WrongPIN`, not `WrongPin`). The library's typings declare its enums without their
 * values, so TypeScript takes them for numbers; on the wire they are the strings its code holds,
 * read here once and checked to be strings.
 */
function spelled<T>(value: T): string {
  if (typeof value !== 'string') throw new Error(`a nexo value that is not a string: ${String(value)}`);
  return value;
}

export const NEXO_MESSAGE = {
  service: spelled(MessageClassType.Service),
  request: spelled(MessageType.Request),
  response: spelled(MessageType.Response),
} as const;

export const NEXO_CATEGORY = {
  payment: spelled(MessageCategoryType.Payment),
  status: spelled(MessageCategoryType.TransactionStatus),
  abort: spelled(MessageCategoryType.Abort),
  reversal: spelled(MessageCategoryType.Reversal),
  totals: spelled(MessageCategoryType.GetTotals),
  reconciliation: spelled(MessageCategoryType.Reconciliation),
} as const;

export const NEXO_RESULT = {
  success: spelled(ResultType.Success),
  failure: spelled(ResultType.Failure),
  partial: spelled(ResultType.Partial),
} as const;

/** The error conditions the driver reads or the simulator answers by name (the screens word them all: shared/terminalErrors.ts). */
export const NEXO_ERROR = {
  busy: spelled(ErrorConditionType.Busy),
  inProgress: spelled(ErrorConditionType.InProgress),
  notAllowed: spelled(ErrorConditionType.NotAllowed),
  notFound: spelled(ErrorConditionType.NotFound),
} as const;

/** The kinds of the terminal's totals the counter reads: Debit taken, ReverseDebit and Credit given back. */
export const NEXO_TRANSACTION = {
  debit: spelled(TransactionType.Debit),
  reverseDebit: spelled(TransactionType.ReverseDebit),
  credit: spelled(TransactionType.Credit),
} as const;

export const NEXO_REVERSAL_REASON = spelled(ReversalReasonType.MerchantCancel);
export const NEXO_SALE_RECONCILIATION = spelled(ReconciliationType.SaleReconciliation);
export const NEXO_CUSTOMER_RECEIPT = spelled(DocumentQualifierType.CustomerReceipt);
export const NEXO_TEXT_OUTPUT = spelled(OutputFormatType.Text);
export const NEXO_CARD = spelled(PaymentInstrumentType.Card);
export const NEXO_REJECT = spelled(EventToNotifyType.Reject);
