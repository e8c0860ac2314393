import { ACTIVE_TOKEN_STATUS, REMARK_PARAMETER, TOKEN_STATUS, named, type RemarkCode } from '../../shared/enums';
import type { Product } from '../../shared/schemas/reference';
import type { Remark, ValidationError } from '../../shared/schemas/order';
import type { Catalog } from '../catalog';
import { ageFits, ageOn } from './dates';

/** What the rules read of a line: its product, start date and tokens. */
export interface RuledLine {
  productId: number;
  validFrom: string | null;
  customerTokens: readonly RuledToken[] | null;
}
export interface RuledToken {
  transitTokenId: number | null;
  personalAccountData: { birthdate: string | null } | null;
}

export interface OrderFacts {
  catalog: Catalog;
  now: Date;
  customerProfileId: number;
  /** A direct-debit payment with mandate input is on the order. */
  hasMandatePayment: boolean;
}

export interface LineVerdict {
  remarks: Remark[];
  errors: ValidationError[];
  validationResult: 'valid' | 'preliminary' | 'invalid';
}

const remark = (code: RemarkCode): Remark => ({ code, parameter: REMARK_PARAMETER[code] });

/**
 * docs/api.md §3.2, in its order. Decisions where the table is silent (docs/api.md §3.2):
 * a line without any token lacks a registered token too (CUSTOMERTOKEN_REQUIRED with
 * TOKEN_REQUIRED); the birthdate remark needs a token to carry the birthdate, so a product
 * that neither requires a token nor a birthdate is not held up by its age profile alone.
 */
export function judgeLine(line: RuledLine, product: Product, facts: OrderFacts): LineVerdict {
  const { catalog, now } = facts;
  const tokens = line.customerTokens ?? [];
  const remarks: Remark[] = [];
  const errors: ValidationError[] = [];

  if (!catalog.isLeaf(product.productId)) remarks.push(remark('PRODUCT_CHOICE_REQUIRED'));
  if (product.requires.validFrom && !line.validFrom) remarks.push(remark('VALIDFROM_REQUIRED'));
  if (product.requires.token && tokens.length === 0) remarks.push(remark('TOKEN_REQUIRED'));
  if (product.requires.registeredToken && !tokens.some((t) => t.transitTokenId !== null)) {
    remarks.push(remark('CUSTOMERTOKEN_REQUIRED'));
  }
  const birthdate = tokens.find((t) => t.personalAccountData?.birthdate)?.personalAccountData?.birthdate ?? null;
  const needsBirthdate = product.requires.birthdate || (product.ageProfile !== null && tokens.length > 0);
  if (needsBirthdate && !birthdate) remarks.push(remark('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED'));
  if (product.requires.mandate && !catalog.hasSignedMandate(facts.customerProfileId) && !facts.hasMandatePayment) {
    remarks.push(remark('MANDATE_REQUIRED'));
  }

  const on = line.validFrom ? new Date(line.validFrom) : now;
  tokens.forEach((token, i) => {
    if (token.transitTokenId === null) return;
    const known = catalog.tokens.get(token.transitTokenId);
    if (!known) return;
    const pointer = `/customerTokens/${i}/transitTokenId`;
    if (known.tokenStatusId !== ACTIVE_TOKEN_STATUS) {
      errors.push({
        detail: `the token is not active: its status is ${named(TOKEN_STATUS, known.tokenStatusId)}`,
        pointer,
      });
    }
    if (Date.parse(known.expirationDate) < on.getTime()) {
      errors.push({ detail: 'the token expires before the product starts', pointer });
    }
  });

  if (product.ageProfile && birthdate) {
    const age = ageOn(birthdate, on);
    const { ageFromInclusive: from, ageToInclusive: to } = product.ageProfile;
    if (!ageFits(age, product.ageProfile)) {
      const i = tokens.findIndex((t) => t.personalAccountData?.birthdate === birthdate);
      errors.push({
        detail: `the traveller is ${age} on the start date; this product is for ages ${from} to ${to}`,
        pointer: `/customerTokens/${i}/personalAccountData/birthdate`,
      });
    }
  }

  const validationResult = errors.length > 0 ? 'invalid' : remarks.length > 0 ? 'preliminary' : 'valid';
  return { remarks, errors, validationResult };
}
