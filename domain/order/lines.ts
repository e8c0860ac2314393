import { ACCOUNTING_STATUS, CHALLENGE_TYPE, ORDER_LINE_STATUS, TOKEN_TYPE, named } from '../../shared/enums';
import type { CustomerToken, OrderLine } from '../../shared/schemas/order';
import type { Order } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import type { Product } from '../../shared/schemas/reference';
import type { CustomerTokenInput, OrderLineInput, PatchOrderLineInput } from '../../shared/schemas/requests';
import { repeated, type Result } from '../result';
import { lineAmounts } from '../rules/amounts';
import { addDays, startTooLate } from '../rules/dates';
import { stamp, type OpContext } from './context';

export const START_TOO_LATE = 'the product start date may be at most 60 days in the future';
export const BAD_COMBINATION = 'the combination of product and token type is not valid';

/** The 400 checks of docs/api.md §3.3 for one line; `at` is the line's JSON Pointer in the request. */
export function checkLine(
  line: { productId?: number; validFrom?: string | null; customerTokens?: CustomerTokenInput[] | null },
  productId: number,
  at: string,
  ctx: OpContext,
): ProblemError[] {
  const errors: ProblemError[] = [];
  const product = ctx.catalog.products.get(productId);
  if (!product) {
    return [{ detail: `there is no product ${productId}`, pointer: `${at}/productId`, productId }];
  }
  if (line.validFrom && startTooLate(line.validFrom, ctx.now)) {
    errors.push({ detail: START_TOO_LATE, pointer: `${at}/validFrom`, productId });
  }
  (line.customerTokens ?? []).forEach((token, i) => {
    const tokenAt = `${at}/customerTokens/${i}`;
    const registered = token.transitTokenId != null ? { transitTokenId: token.transitTokenId } : {};
    if (!product.tokenTypeIds.includes(token.tokenTypeId)) {
      errors.push({ detail: BAD_COMBINATION, pointer: `${tokenAt}/tokenTypeId`, productId, ...registered });
    }
    if (token.transitTokenId == null) return;
    const known = tokenFor(token.transitTokenId, ctx);
    const transitTokenId = token.transitTokenId;
    if (!known) {
      errors.push({ detail: `there is no transit token ${transitTokenId}`, pointer: `${tokenAt}/transitTokenId`, transitTokenId });
    } else if (known.tokenTypeId !== token.tokenTypeId) {
      errors.push({
        detail: `transit token ${transitTokenId} is of type ${named(TOKEN_TYPE, known.tokenTypeId)}, not ${named(TOKEN_TYPE, token.tokenTypeId)}`,
        pointer: `${tokenAt}/tokenTypeId`,
        transitTokenId,
        productId,
      });
    }
  });
  return errors;
}

/**
 * docs/api.md §8: `externalOrderLineId` is unique within an order, so a line sent twice (a retry
 * after a lost answer, or a late original) is added once; the repeat learns the line it made.
 */
export function repeatedLine(order: Order, externalOrderLineId: string | null | undefined): Result<never> | null {
  if (!externalOrderLineId) return null;
  const existing = order.orderLines.find((l) => l.externalOrderLineId === externalOrderLineId);
  if (!existing) return null;
  return repeated('externalOrderLineId', 'a line', { orderLineId: existing.orderLineId });
}

/** The lines of a new order may not repeat an `externalOrderLineId` among themselves (docs/api.md §8). */
export function repeatsWithin(lines: { externalOrderLineId?: string | null }[]): ProblemError[] {
  const seen = new Set<string>();
  return lines.flatMap((line, i) => {
    const id = line.externalOrderLineId;
    if (!id) return [];
    if (seen.has(id))
      return [
        { detail: 'the externalOrderLineId is used by an earlier line of this order', pointer: `/orderLines/${i}/externalOrderLineId` },
      ];
    seen.add(id);
    return [];
  });
}

/** A registered token as the caller may see it: one of another customer is as unknown (docs/api.md §7.4). */
function tokenFor(transitTokenId: number, ctx: OpContext) {
  const known = ctx.catalog.tokens.get(transitTokenId);
  const scoped = ctx.customerProfileId != null && known && known.customerProfileId !== ctx.customerProfileId;
  return scoped ? undefined : known;
}

/** When a line products' tokens are kept but its product changes, the kept tokens must still fit. */
export function checkKeptTokens(tokens: CustomerToken[], productId: number, at: string, ctx: OpContext): ProblemError[] {
  const product = ctx.catalog.products.get(productId);
  if (!product) return [];
  return tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => !product.tokenTypeIds.includes(t.tokenType.tokenTypeId))
    .map(({ t, i }) => ({
      detail: BAD_COMBINATION,
      pointer: `${at}/customerTokens/${i}/tokenTypeId`,
      productId,
      ...(t.transitTokenId !== null ? { transitTokenId: t.transitTokenId } : {}),
    }));
}

export function toCustomerToken(input: CustomerTokenInput, ctx: OpContext): CustomerToken {
  const pad = input.personalAccountData;
  return {
    customerTokenId: ctx.newId(),
    tokenType: { tokenTypeId: input.tokenTypeId, name: named(TOKEN_TYPE, input.tokenTypeId) },
    transitTokenId: input.transitTokenId ?? null,
    serviceReferenceId: input.serviceReferenceId ?? null,
    amount: input.amount ?? null,
    passNumber: input.passNumber ?? null,
    verificationCode: input.verificationCode ?? null,
    personalAccountData: pad
      ? {
          personalAccountDataId: ctx.newId(),
          name: pad.name ?? null,
          birthdate: pad.birthdate ?? null,
          photo: pad.photo ?? null,
          challengeType: pad.challengeTypeId
            ? { challengeTypeId: pad.challengeTypeId, name: named(CHALLENGE_TYPE, pad.challengeTypeId) }
            : null,
          oneTimePassword: pad.oneTimePassword ?? null,
        }
      : null,
    transitToken: null,
  };
}

const termsOf = (product: Product, ctx: OpContext) => product.termsUrls.map((termsUrl) => ({ orderLineTermsId: ctx.newId(), termsUrl }));

/** The product data a line takes on (docs/api.md §0.4): name, description, tax, amounts (terms: termsOf). */
function productPart(product: Product, quantity: number, validFrom: string | null, validUntil: string | null | undefined, ctx: OpContext) {
  return {
    productId: product.productId,
    productName: product.productName,
    productDescription: product.productDescription,
    fikoArticleNumber: product.fikoArticleNumber,
    taxCode: product.taxCode,
    taxPercentage: product.taxPercentage,
    ...lineAmounts(product, quantity, ctx.catalog.isLeaf(product.productId)),
    quantity,
    validFrom,
    validUntil: validUntil ?? (validFrom && product.validityDays ? addDays(validFrom, product.validityDays) : null),
  };
}

/** A new pending line; remarks are filled in by `settle`. The product must exist (checked first). */
export function newLine(input: OrderLineInput & { createdOn?: string | null }, ctx: OpContext): OrderLine {
  const product = ctx.catalog.products.get(input.productId)!;
  const createdOn = input.createdOn ?? stamp(ctx);
  return {
    orderLineId: ctx.newId(),
    externalOrderLineId: input.externalOrderLineId ?? null,
    ...productPart(product, input.quantity, input.validFrom ?? null, input.validUntil, ctx),
    orderLineTerms: termsOf(product, ctx),
    vouchers: input.vouchers,
    createdOn,
    lastUpdatedOn: stamp(ctx),
    orderLineStatus: { orderLineStatusId: ORDER_LINE_STATUS.pending, name: 'pending' },
    customerTokens: input.customerTokens ? input.customerTokens.map((t) => toCustomerToken(t, ctx)) : null,
    orderAccountingStatuses: [
      {
        orderAccountingStatusId: ctx.newId(),
        accountingStatus: { accountingStatusId: 1, name: named(ACCOUNTING_STATUS, 1) },
        createdOn,
        description: 'Order line created',
      },
    ],
    validationResult: null,
    additionalRemarks: [],
    validationErrors: [],
    returnedQuantity: 0,
  };
}

/**
 * A line changed by PATCH /orderlines: present fields replace. A new product or start date
 * without a new `validUntil` derives `validUntil` again (docs/api.md §3.2).
 */
export function patchedLine(line: OrderLine, patch: PatchOrderLineInput, ctx: OpContext): OrderLine {
  const product = ctx.catalog.products.get(patch.productId ?? line.productId)!;
  const validFrom = patch.validFrom !== undefined ? patch.validFrom : line.validFrom;
  const derivesAgain = patch.productId !== undefined || patch.validFrom !== undefined;
  const validUntil = patch.validUntil !== undefined ? patch.validUntil : derivesAgain ? undefined : line.validUntil;
  const part = productPart(product, patch.quantity ?? line.quantity, validFrom ?? null, validUntil, ctx);
  return {
    ...line,
    ...part,
    orderLineTerms: patch.productId !== undefined ? termsOf(product, ctx) : line.orderLineTerms,
    vouchers: patch.vouchers ?? line.vouchers,
    customerTokens:
      patch.customerTokens !== undefined
        ? patch.customerTokens && patch.customerTokens.map((t) => toCustomerToken(t, ctx))
        : line.customerTokens,
    lastUpdatedOn: stamp(ctx),
  };
}
