import type { Order } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import { describeProblem } from '../common/problems';
import type { MessageKey, Params } from '../i18n/i18n';

type T = (key: MessageKey, params?: Params) => string;

/**
 * A reason of the central in plain words: the known details in the counter's language, the
 * field it is about, and the product of the order line it points at ("/orderLines/0/...").
 */
export function reasonInWords(t: T, order: Order, reason: ProblemError): string {
  const text = describeProblem(t, reason.detail, reason.pointer);
  const index = /^\/orderLines\/(\d+)(?:\/|$)/.exec(reason.pointer)?.[1];
  const line = index === undefined ? undefined : order.orderLines[Number(index)];
  return line ? t('syncPanel.lineReason', { line: line.productName, reason: text }) : text;
}
