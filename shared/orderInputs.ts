import type { CustomerToken } from './schemas/order';
import type { CustomerTokenInput } from './schemas/requests';

/**
 * A customer token of an order as the input that sends it again unchanged: what the counter's
 * renderer re-sends when it replaces a line's tokens, and what sync sends to the central.
 */
export function tokenInputOf(token: CustomerToken): CustomerTokenInput {
  const pad = token.personalAccountData;
  return {
    tokenTypeId: token.tokenType.tokenTypeId,
    transitTokenId: token.transitTokenId,
    serviceReferenceId: token.serviceReferenceId,
    amount: token.amount,
    passNumber: token.passNumber,
    verificationCode: token.verificationCode,
    personalAccountData: pad
      ? {
          name: pad.name,
          birthdate: pad.birthdate,
          photo: pad.photo,
          challengeTypeId: pad.challengeType?.challengeTypeId ?? null,
          oneTimePassword: pad.oneTimePassword,
        }
      : null,
  };
}
