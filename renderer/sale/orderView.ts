import { tokenInputOf as sharedTokenInputOf } from '../../shared/orderInputs';
import { ORDER_STATUS, type RemarkCode } from '../../shared/enums';
import type { IpcInput } from '../../shared/ipc';
import type { CustomerToken, Order, OrderLine } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/reference';
import type { ChosenToken } from './saleStore';
import { outstanding, paidIn } from '../../domain/order/money';

/** Pure readings of an order for the screens. */

type TokenInput = NonNullable<IpcInput<'lines.patch'>['patch']['customerTokens']>[number];
export type PersonalInput = NonNullable<TokenInput['personalAccountData']>;
export type { TokenInput };

export function orderStatusId(order: Order): number {
  return order.order_OrderStatuses[0]?.orderStatus.orderStatusId ?? ORDER_STATUS.concept;
}

export function isConcept(order: Order): boolean {
  return orderStatusId(order) === ORDER_STATUS.concept;
}

export interface PaymentGate {
  /** Payment may start. */
  allowed: boolean;
  /** Only MANDATE_REQUIRED remains: only a direct debit with mandate input may pay. */
  mandateOnly: boolean;
}

/** docs/api.md §4: payments are taken when validContents, or when only MANDATE_REQUIRED remains. */
export function paymentGate(order: Order | null | undefined): PaymentGate {
  if (!order || order.orderLines.length === 0) return { allowed: false, mandateOnly: false };
  if (order.validContents === true) return { allowed: true, mandateOnly: false };
  const onlyMandate = order.orderLines.every(
    (line) => line.validationErrors.length === 0 && line.additionalRemarks.every((r) => r.code === 'MANDATE_REQUIRED'),
  );
  const anyMandate = order.orderLines.some((l) => l.additionalRemarks.some((r) => r.code === 'MANDATE_REQUIRED'));
  return onlyMandate && anyMandate ? { allowed: true, mandateOnly: true } : { allowed: false, mandateOnly: false };
}

export function remarkCodes(order: Order): RemarkCode[] {
  return [...new Set(order.orderLines.flatMap((l) => l.additionalRemarks.map((r) => r.code)))];
}

/** A line's customer token as the input that re-sends it unchanged (lines.patch replaces all tokens). */
export const tokenInputOf = (token: CustomerToken): TokenInput => sharedTokenInputOf(token);

export function tokenInputFromChosen(token: ChosenToken): TokenInput {
  return token.kind === 'registered'
    ? { tokenTypeId: token.record.tokenType.tokenTypeId, transitTokenId: token.record.transitTokenId }
    : { tokenTypeId: token.tokenTypeId, passNumber: token.passNumber, verificationCode: token.verificationCode };
}

export function chosenTokenTypeId(token: ChosenToken): number {
  return token.kind === 'registered' ? token.record.tokenType.tokenTypeId : token.tokenTypeId;
}

/** Why a product cannot be put on this token, or null when it can. */
export function tokenCombination(product: Product, tokenTypeId: number): 'no-tokens' | 'type-not-allowed' | null {
  if (product.tokenTypeIds.length === 0) return 'no-tokens';
  return product.tokenTypeIds.includes(tokenTypeId) ? null : 'type-not-allowed';
}

/** The line's tokens with the personal data of the first one replaced. */
export function tokensWithPersonalData(line: OrderLine, personal: PersonalInput): TokenInput[] {
  const tokens = (line.customerTokens ?? []).map(tokenInputOf);
  const [first, ...rest] = tokens;
  if (!first) return [];
  return [{ ...first, personalAccountData: personal }, ...rest];
}

export function lineBirthdate(line: OrderLine): string | null {
  return line.customerTokens?.find((t) => t.personalAccountData?.birthdate)?.personalAccountData?.birthdate ?? null;
}

export function tokenLabel(token: CustomerToken): string {
  return (
    token.transitToken?.alias ?? token.passNumber ?? (token.transitTokenId !== null ? String(token.transitTokenId) : token.tokenType.name)
  );
}

export const settledAmount = (order: Order): number => paidIn(order);

export const outstandingAmount = (order: Order): number => Math.max(0, outstanding(order));
