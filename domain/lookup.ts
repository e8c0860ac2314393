import { MANDATE_TYPE, MANDATE_TYPE_DESCRIPTION, TOKEN_STATUS, TOKEN_TYPE, named } from '../shared/enums';
import type { FixtureMandate, FixtureTransitToken, MandateRecord, TransitTokenRecord } from '../shared/schemas/reference';
import type { MandateQuery, TransitTokenQuery } from '../shared/schemas/requests';
import { toUtc } from '../shared/schemas/primitives';
import type { Catalog } from './catalog';

/** The lookup interface over the reference data: exact matches, lists match any value (docs/api.md §3.4). */

export function tokenRecord(t: FixtureTransitToken): TransitTokenRecord {
  return {
    transitTokenId: t.transitTokenId,
    customerProfileId: t.customerProfileId,
    tokenType: { tokenTypeId: t.tokenTypeId, name: named(TOKEN_TYPE, t.tokenTypeId) },
    xTat: t.xTat,
    xBot: t.xBot,
    alias: t.alias,
    lastDigits: t.lastDigits,
    passNumber: t.passNumber,
    tokenStatus: { tokenStatusId: t.tokenStatusId, name: named(TOKEN_STATUS, t.tokenStatusId) },
    expirationDate: toUtc(t.expirationDate),
    replacedByTokenId: t.replacedByTokenId,
  };
}

export function mandateRecord(m: FixtureMandate): MandateRecord {
  const typeId = m.directDebitMandateTypeId as keyof typeof MANDATE_TYPE;
  return {
    directDebitMandateId: m.directDebitMandateId,
    customerProfileId: m.customerProfileId,
    billingInformationId: m.billingInformationId,
    directDebitMandateType: {
      directDebitMandateTypeId: typeId,
      name: MANDATE_TYPE[typeId],
      description: MANDATE_TYPE_DESCRIPTION[typeId],
    },
    mandateAddressId: m.mandateAddressId,
    created: toUtc(m.created),
    mandateReference: m.mandateReference,
    mandateState: m.mandateState,
    updateTimestamp: toUtc(m.updateTimestamp),
  };
}

const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
/** Pass numbers are printed in groups; a clerk may type them with or without the spaces. */
const digits = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '');

export function findTransitTokens(catalog: Catalog, q: TransitTokenQuery): TransitTokenRecord[] {
  return catalog.data.transitTokens
    .filter(
      (t) =>
        (q.transitTokenId === undefined || t.transitTokenId === q.transitTokenId) &&
        (q.customerProfileId === undefined || t.customerProfileId === q.customerProfileId) &&
        (q.tokenTypeId === undefined || q.tokenTypeId.includes(t.tokenTypeId)) &&
        (q.xTat === undefined || same(t.xTat, q.xTat)) &&
        (q.xBot === undefined || same(t.xBot, q.xBot)) &&
        (q.alias === undefined || t.alias === q.alias) &&
        (q.lastDigits === undefined || t.lastDigits === q.lastDigits) &&
        (q.passNumber === undefined || digits(t.passNumber) === digits(q.passNumber)) &&
        (q.tokenStatusId === undefined || q.tokenStatusId.includes(t.tokenStatusId)) &&
        (q.expirationDate === undefined || toUtc(t.expirationDate).slice(0, 10) === q.expirationDate.slice(0, 10)) &&
        (q.replacedByTokenId === undefined || t.replacedByTokenId === q.replacedByTokenId),
    )
    .map(tokenRecord);
}

export function findMandates(catalog: Catalog, q: MandateQuery): MandateRecord[] {
  return catalog
    .mandates()
    .filter((m) => {
      const created = toUtc(m.created);
      const updated = toUtc(m.updateTimestamp);
      return (
        (q.directDebitMandateId === undefined || m.directDebitMandateId === q.directDebitMandateId) &&
        (q.customerProfileId === undefined || m.customerProfileId === q.customerProfileId) &&
        (q.billingInformationId === undefined || m.billingInformationId === q.billingInformationId) &&
        (q.directDebitMandateTypeId === undefined || q.directDebitMandateTypeId.includes(m.directDebitMandateTypeId)) &&
        (q.mandateAddressId === undefined || m.mandateAddressId === q.mandateAddressId) &&
        (q.createdAfter === undefined || created >= q.createdAfter) &&
        (q.createdBefore === undefined || created < q.createdBefore) &&
        (q.mandateReference === undefined || m.mandateReference === q.mandateReference) &&
        (q.mandateState === undefined || q.mandateState.includes(m.mandateState)) &&
        (q.updatedAfter === undefined || updated >= q.updatedAfter) &&
        (q.updatedBefore === undefined || updated < q.updatedBefore)
      );
    })
    .map(mandateRecord);
}

/** Under a customer JWT only that customer's records exist, whatever the query asks (docs/api.md §7.4). */
export const forCustomer = <T extends { customerProfileId: number }>(records: T[], customerProfileId: number | null): T[] =>
  customerProfileId === null ? records : records.filter((r) => r.customerProfileId === customerProfileId);
