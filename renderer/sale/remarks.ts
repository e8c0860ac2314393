import { needsOf } from '../../domain/rules/remarkNeeds';
import type { RemarkCode } from '../../shared/enums';
import type { Order } from '../../shared/schemas/order';
import { fieldOfPointer, type ProblemField } from '../common/problems';

/** Every remark and validation error of every line, each with the one action that resolves it (remarks one action resolves together are one item). */

export type RemarkAction =
  | 'choose-product'
  | 'add-token'
  | 'register-token'
  | 'change-token'
  | 'add-birthdate'
  | 'change-birthdate'
  | 'set-start-date'
  | 'mandate'
  | 'personal-data'
  | 'edit-line';

export const ACTION_OF_REMARK: Record<RemarkCode, RemarkAction> = {
  PRODUCT_CHOICE_REQUIRED: 'choose-product',
  VALIDFROM_REQUIRED: 'set-start-date',
  TOKEN_REQUIRED: 'add-token',
  CUSTOMERTOKEN_REQUIRED: 'register-token',
  PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED: 'add-birthdate',
  MANDATE_REQUIRED: 'mandate',
};

const ACTION_OF_FIELD: Record<ProblemField, RemarkAction> = {
  token: 'change-token',
  birthdate: 'change-birthdate',
  startDate: 'set-start-date',
  product: 'choose-product',
  photo: 'personal-data',
  quantity: 'edit-line',
  other: 'edit-line',
};

interface ItemBase {
  key: string;
  lineId: string;
  lineName: string;
  productId: number;
}

export type RemarkItem =
  | (ItemBase & { kind: 'remark'; code: RemarkCode; action: RemarkAction })
  | (ItemBase & {
      kind: 'error';
      detail: string;
      pointer: string;
      field: ProblemField;
      action: RemarkAction;
    });

export function remarkItems(order: Order): RemarkItem[] {
  return order.orderLines.flatMap((line) => {
    const base = { lineId: line.orderLineId, lineName: line.productName, productId: line.productId };
    const errors: RemarkItem[] = line.validationErrors.map((e, i) => {
      const field = fieldOfPointer(e.pointer);
      return {
        ...base,
        kind: 'error',
        key: `${line.orderLineId}-e${i}`,
        detail: e.detail,
        pointer: e.pointer,
        field,
        action: ACTION_OF_FIELD[field],
      };
    });
    // One action per thing to do: a registered card resolves both token remarks (domain/rules/remarkNeeds.ts).
    const remarks: RemarkItem[] = needsOf(line.additionalRemarks.map((r) => r.code)).map((code) => ({
      ...base,
      kind: 'remark',
      key: `${line.orderLineId}-${code}`,
      code,
      action: ACTION_OF_REMARK[code],
    }));
    return [...errors, ...remarks];
  });
}
