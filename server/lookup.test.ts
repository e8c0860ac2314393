import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandateList, transitTokenList } from '../shared/schemas/reference';
import type { FixtureMandate, FixtureTransitToken } from '../shared/schemas/reference';
import { scenarios } from './testing/fixtures';
import { CRUD, expectProblem, harness, pointers, type Harness } from './testing/harness';

/** docs/api.md §0.4 and docs/api.md §3.4: every filter of the lookup interface. */

describe.each(scenarios())('lookup interface ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ fixtures, now });
  });
  afterAll(() => h.close());

  const tokens = fixtures.transitTokens;
  const mandates = fixtures.directDebitMandates;

  async function tokenIds(query: string): Promise<number[]> {
    const res = await h.call('GET', `${CRUD}/transittokens?${query}`);
    expect(res.status, res.text).toBe(200);
    const list = transitTokenList.parse(res.body);
    expect(list.href).toBe(`${CRUD}/transittokens${query ? `?${query}` : ''}`);
    return list.transitTokens.map((t) => t.transitTokenId);
  }
  const idsOf = (items: FixtureTransitToken[]) => items.map((t) => t.transitTokenId);

  async function mandateIds(query: string): Promise<number[]> {
    const res = await h.call('GET', `${CRUD}/directdebitmandates?${query}`);
    expect(res.status, res.text).toBe(200);
    return mandateList.parse(res.body).map((m) => m.directDebitMandateId);
  }
  const mandateIdsOf = (items: FixtureMandate[]) => items.map((m) => m.directDebitMandateId);

  describe('GET /transittokens', () => {
    it('without filters: every token, in the record shape of 2.8', async () => {
      expect(await tokenIds('')).toEqual(idsOf(tokens));
      const res = await h.call('GET', `${CRUD}/transittokens?transitTokenId=${tokens[0]!.transitTokenId}`);
      const [record] = transitTokenList.parse(res.body).transitTokens;
      const t = tokens[0]!;
      expect(record).toEqual({
        transitTokenId: t.transitTokenId,
        customerProfileId: t.customerProfileId,
        tokenType: { tokenTypeId: t.tokenTypeId, name: expect.any(String) },
        xTat: t.xTat,
        xBot: t.xBot,
        alias: t.alias,
        lastDigits: t.lastDigits,
        passNumber: t.passNumber,
        tokenStatus: { tokenStatusId: t.tokenStatusId, name: expect.any(String) },
        expirationDate: new Date(t.expirationDate).toISOString(),
        replacedByTokenId: t.replacedByTokenId,
      });
    });

    it('each exact filter', async () => {
      const t = tokens.find((x) => x.replacedByTokenId !== null)!;
      expect(await tokenIds(`transitTokenId=${t.transitTokenId}`)).toEqual([t.transitTokenId]);
      expect(await tokenIds(`customerProfileId=${t.customerProfileId}`)).toEqual(
        idsOf(tokens.filter((x) => x.customerProfileId === t.customerProfileId)),
      );
      expect(await tokenIds(`xTat=${t.xTat}`)).toEqual([t.transitTokenId]);
      expect(await tokenIds(`xBot=${t.xBot.toUpperCase()}`)).toEqual([t.transitTokenId]);
      expect(await tokenIds(`alias=${encodeURIComponent(t.alias!)}`)).toEqual([t.transitTokenId]);
      expect(await tokenIds(`lastDigits=${t.lastDigits}`)).toEqual(idsOf(tokens.filter((x) => x.lastDigits === t.lastDigits)));
      expect(await tokenIds(`replacedByTokenId=${t.replacedByTokenId}`)).toEqual([t.transitTokenId]);
      expect(await tokenIds('transitTokenId=1')).toEqual([]);
    });

    it('passNumber with or without its spaces', async () => {
      const t = tokens.find((x) => x.passNumber?.includes(' '))!;
      expect(await tokenIds(`passNumber=${encodeURIComponent(t.passNumber!)}`)).toEqual([t.transitTokenId]);
      expect(await tokenIds(`passNumber=${t.passNumber!.replace(/ /g, '')}`)).toEqual([t.transitTokenId]);
    });

    it('tokenTypeId and tokenStatusId lists match any of their values', async () => {
      expect(await tokenIds('tokenTypeId=2')).toEqual(idsOf(tokens.filter((x) => x.tokenTypeId === 2)));
      expect(await tokenIds('tokenTypeId=1,3')).toEqual(idsOf(tokens.filter((x) => x.tokenTypeId !== 2)));
      expect(await tokenIds('tokenStatusId=2')).toEqual(idsOf(tokens.filter((x) => x.tokenStatusId === 2)));
      expect(await tokenIds('tokenStatusId=3,4,5')).toEqual(idsOf(tokens.filter((x) => [3, 4, 5].includes(x.tokenStatusId))));
    });

    it('expirationDate matches the calendar date (UTC), whatever the time given', async () => {
      const t = tokens[1]!;
      const day = new Date(t.expirationDate).toISOString().slice(0, 10);
      expect(await tokenIds(`expirationDate=${day}T00:00:00Z`)).toContain(t.transitTokenId);
      expect(await tokenIds(`expirationDate=${day}T23:59:59Z`)).toContain(t.transitTokenId);
      const before = new Date(Date.parse(`${day}T00:00:00Z`) - 1000).toISOString();
      expect(await tokenIds(`expirationDate=${before}`)).not.toContain(t.transitTokenId);
    });

    it('filters combine with AND', async () => {
      const t = tokens[0]!;
      expect(
        await tokenIds(`customerProfileId=${t.customerProfileId}&tokenTypeId=${t.tokenTypeId}&tokenStatusId=${t.tokenStatusId}`),
      ).toEqual(
        idsOf(
          tokens.filter(
            (x) => x.customerProfileId === t.customerProfileId && x.tokenTypeId === t.tokenTypeId && x.tokenStatusId === t.tokenStatusId,
          ),
        ),
      );
      expect(await tokenIds(`transitTokenId=${t.transitTokenId}&customerProfileId=${t.customerProfileId + 1}`)).toEqual([]);
    });

    it('400 for a parameter that does not fit its type', async () => {
      for (const query of [
        'tokenTypeId=4',
        'tokenStatusId=0,2',
        'xTat=abc',
        'lastDigits=12a',
        'expirationDate=2020-02-30T00:00:00Z',
        'transitTokenId=',
      ]) {
        const name = query.split('=')[0]!;
        const p = expectProblem(await h.call('GET', `${CRUD}/transittokens?${query}`), 400);
        expect(pointers(p)[0]).toMatch(new RegExp(`^/${name}(/|$)`));
      }
    });
  });

  describe('GET /directdebitmandates', () => {
    it('without filters: a bare array of every mandate', async () => {
      const res = await h.call('GET', `${CRUD}/directdebitmandates`);
      expect(Array.isArray(res.body)).toBe(true);
      const list = mandateList.parse(res.body);
      expect(list.map((m) => m.directDebitMandateId)).toEqual(mandateIdsOf(mandates));
      const m = mandates[0]!;
      expect(list[0]).toMatchObject({
        customerProfileId: m.customerProfileId,
        billingInformationId: m.billingInformationId,
        directDebitMandateType: {
          directDebitMandateTypeId: m.directDebitMandateTypeId,
          name: expect.any(String),
          description: expect.any(String),
        },
        mandateAddressId: m.mandateAddressId,
        created: new Date(m.created).toISOString(),
        mandateReference: m.mandateReference,
        mandateState: m.mandateState,
        updateTimestamp: new Date(m.updateTimestamp).toISOString(),
      });
    });

    it('each exact filter', async () => {
      const m = mandates[1]!;
      expect(await mandateIds(`directDebitMandateId=${m.directDebitMandateId}`)).toEqual([m.directDebitMandateId]);
      expect(await mandateIds(`customerProfileId=${m.customerProfileId}`)).toEqual(
        mandateIdsOf(mandates.filter((x) => x.customerProfileId === m.customerProfileId)),
      );
      expect(await mandateIds(`billingInformationId=${m.billingInformationId}`)).toEqual(
        mandateIdsOf(mandates.filter((x) => x.billingInformationId === m.billingInformationId)),
      );
      expect(await mandateIds(`mandateAddressId=${m.mandateAddressId}`)).toEqual(
        mandateIdsOf(mandates.filter((x) => x.mandateAddressId === m.mandateAddressId)),
      );
      expect(await mandateIds(`mandateReference=${encodeURIComponent(m.mandateReference)}`)).toEqual([m.directDebitMandateId]);
    });

    it('directDebitMandateTypeId and mandateState lists match any of their values', async () => {
      const m = mandates[0]!;
      expect(await mandateIds(`directDebitMandateTypeId=${m.directDebitMandateTypeId}`)).toEqual(
        mandateIdsOf(mandates.filter((x) => x.directDebitMandateTypeId === m.directDebitMandateTypeId)),
      );
      expect(await mandateIds('mandateState=SIGNED')).toEqual(mandateIdsOf(mandates.filter((x) => x.mandateState === 'SIGNED')));
      expect(await mandateIds('mandateState=PREPARED,CANCELLED')).toEqual(
        mandateIdsOf(mandates.filter((x) => x.mandateState !== 'SIGNED')),
      );
    });

    it('created and updated bounds: after inclusive, before exclusive', async () => {
      const sorted = [...mandates].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
      const pivot = sorted[1]!;
      const at = encodeURIComponent(pivot.created);
      expect(await mandateIds(`createdAfter=${at}`)).toEqual(
        mandateIdsOf(mandates.filter((x) => Date.parse(x.created) >= Date.parse(pivot.created))),
      );
      expect(await mandateIds(`createdBefore=${at}`)).toEqual(
        mandateIdsOf(mandates.filter((x) => Date.parse(x.created) < Date.parse(pivot.created))),
      );
      expect(await mandateIds(`createdAfter=${at}`)).toContain(pivot.directDebitMandateId);
      expect(await mandateIds(`createdBefore=${at}`)).not.toContain(pivot.directDebitMandateId);
      const u = encodeURIComponent(pivot.updateTimestamp);
      expect(await mandateIds(`updatedAfter=${u}`)).toContain(pivot.directDebitMandateId);
      expect(await mandateIds(`updatedBefore=${u}`)).not.toContain(pivot.directDebitMandateId);
      expect(await mandateIds(`updatedAfter=${u}&createdBefore=${at}`)).toEqual(
        mandateIdsOf(
          mandates.filter(
            (x) => Date.parse(x.updateTimestamp) >= Date.parse(pivot.updateTimestamp) && Date.parse(x.created) < Date.parse(pivot.created),
          ),
        ),
      );
    });

    it('400 for a parameter that does not fit its type', async () => {
      for (const query of ['directDebitMandateTypeId=6', 'mandateState=SIGNED,VOID', 'createdAfter=today', 'customerProfileId=x']) {
        const name = query.split('=')[0]!;
        const p = expectProblem(await h.call('GET', `${CRUD}/directdebitmandates?${query}`), 400);
        expect(pointers(p)[0]).toMatch(new RegExp(`^/${name}(/|$)`));
      }
    });
  });
});
