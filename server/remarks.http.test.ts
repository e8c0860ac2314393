import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, harness, remarkCodes, type Harness } from './testing/harness';
import { anonymous, createOrder, line, registered } from './testing/orders';
import { birthdateForAge, daysAfter } from './testing/roles';

/**
 * docs/api.md §3.2 through the API: each remark appears when its information is missing and
 * goes when it is given; each validation error makes the line invalid.
 */

describe.each(scenarios())('remarks and validation errors ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const patchLine = async (lineId: string, body: unknown) => expectOrder(await h.call('PATCH', `${API}/orderlines/${lineId}`, { body }));

  it('PRODUCT_CHOICE_REQUIRED on a parent product, costing nothing until a leaf is chosen', async () => {
    const { parent, child } = h.roles;
    const o = await createOrder(h, [line(parent, { quantity: 2 })]);
    expect(o.orderLines[0]!.additionalRemarks).toContainEqual({ code: 'PRODUCT_CHOICE_REQUIRED', parameter: 'orderline.productId' });
    expect(o.orderLines[0]).toMatchObject({ amountInclTax: 0, validationResult: 'preliminary' });
    expect(o).toMatchObject({ totalAmount: 0, validContents: false });
    const chosen = await patchLine(o.orderLines[0]!.orderLineId, { productId: child.productId, validFrom: now });
    expect(remarkCodes(chosen)).not.toContain('PRODUCT_CHOICE_REQUIRED');
    expect(chosen.orderLines[0]!.amountInclTax).toBe(child.amountInclTax * 2);
  });

  it('VALIDFROM_REQUIRED until a start date is given; validUntil then follows from validityDays', async () => {
    const { needsValidFrom } = h.roles;
    const o = await createOrder(h, [line(needsValidFrom)]);
    expect(o.orderLines[0]!.additionalRemarks).toEqual([{ code: 'VALIDFROM_REQUIRED', parameter: 'orderline.validFrom' }]);
    const start = daysAfter(now, 3);
    const given = await patchLine(o.orderLines[0]!.orderLineId, { validFrom: start });
    expect(given.orderLines[0]).toMatchObject({
      additionalRemarks: [],
      validationResult: 'valid',
      validFrom: start,
      validUntil: daysAfter(start, needsValidFrom.validityDays!),
    });
    expect(given.validContents).toBe(true);
  });

  it('TOKEN_REQUIRED until a token is attached (PATCH customerTokens)', async () => {
    const { needsToken } = h.roles;
    const o = await createOrder(h, [line(needsToken)]);
    expect(o.orderLines[0]!.additionalRemarks).toContainEqual({ code: 'TOKEN_REQUIRED', parameter: 'customerToken' });
    expect(remarkCodes(o)).not.toContain('CUSTOMERTOKEN_REQUIRED');
    const withToken = await patchLine(o.orderLines[0]!.orderLineId, { customerTokens: [anonymous(needsToken)] });
    expect(remarkCodes(withToken)).not.toContain('TOKEN_REQUIRED');
    expect(withToken.orderLines[0]!.customerTokens).toEqual([
      expect.objectContaining({
        tokenType: { tokenTypeId: needsToken.tokenTypeIds[0], name: expect.any(String) },
        transitTokenId: null,
        transitToken: null,
      }),
    ]);
  });

  it('CUSTOMERTOKEN_REQUIRED for no token or an anonymous one, until a registered token is attached', async () => {
    const { needsRegistered, registeredToken } = h.roles;
    const none = await createOrder(h, [line(needsRegistered)]);
    expect(remarkCodes(none)).toEqual(['TOKEN_REQUIRED', 'CUSTOMERTOKEN_REQUIRED']);
    const anon = await patchLine(none.orderLines[0]!.orderLineId, { customerTokens: [anonymous(needsRegistered)] });
    expect(anon.orderLines[0]!.additionalRemarks).toEqual([{ code: 'CUSTOMERTOKEN_REQUIRED', parameter: 'customerTokenId' }]);
    const reg = await patchLine(none.orderLines[0]!.orderLineId, { customerTokens: [registered(registeredToken)] });
    expect(reg.orderLines[0]).toMatchObject({ additionalRemarks: [], validationErrors: [], validationResult: 'valid' });
    // docs/api.md §3.1: a concept order's customer is that of its first registered token.
    expect(reg.customerProfileId).toBe(registeredToken.customerProfileId);
  });

  it('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED until the token carries a birthdate', async () => {
    const { needsBirthdate } = h.roles;
    const o = await createOrder(h, [line(needsBirthdate, { customerTokens: [anonymous(needsBirthdate)] })]);
    expect(o.orderLines[0]!.additionalRemarks).toContainEqual({
      code: 'PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED',
      parameter: 'personalaccountdata.birthdate',
    });
    const age = needsBirthdate.ageProfile ? needsBirthdate.ageProfile.ageFromInclusive + 1 : 30;
    const given = await patchLine(o.orderLines[0]!.orderLineId, {
      customerTokens: [anonymous(needsBirthdate, birthdateForAge(age, now))],
    });
    expect(remarkCodes(given)).not.toContain('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED');
    expect(given.orderLines[0]!.validationErrors).toEqual([]);
  });

  it('an age profile asks for a birthdate only once the line has a token', async () => {
    const { ageLimited } = h.roles;
    const base = { validFrom: now };
    const without = await createOrder(h, [line(ageLimited, base)]);
    expect(remarkCodes(without)).not.toContain('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED');
    const withToken = await createOrder(h, [line(ageLimited, { ...base, customerTokens: [anonymous(ageLimited)] })]);
    expect(remarkCodes(withToken)).toContain('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED');
  });

  it('MANDATE_REQUIRED unless the customer of the token has a signed mandate', async () => {
    const { needsMandate, unmandatedToken, mandatedToken } = h.roles;
    const start = { validFrom: daysAfter(now, 1) };
    const without = await createOrder(h, [line(needsMandate, { ...start, customerTokens: [registered(unmandatedToken)] })]);
    expect(without.orderLines[0]!.additionalRemarks).toEqual([{ code: 'MANDATE_REQUIRED', parameter: 'directDebitMandateId' }]);
    expect(without.customerProfileId).toBe(unmandatedToken.customerProfileId);
    const withMandate = await createOrder(h, [line(needsMandate, { ...start, customerTokens: [registered(mandatedToken)] })]);
    expect(withMandate.orderLines[0]).toMatchObject({ additionalRemarks: [], validationResult: 'valid' });
  });

  it('validation error: a registered token that is not active', async () => {
    const { inactiveToken, productTaking } = h.roles;
    const product = productTaking(inactiveToken);
    const o = await createOrder(h, [line(product, { validFrom: now, customerTokens: [registered(inactiveToken)] })]);
    expect(o.orderLines[0]!.validationErrors).toContainEqual({
      detail: expect.stringContaining('not active'),
      pointer: '/customerTokens/0/transitTokenId',
    });
    expect(o.orderLines[0]!.validationResult).toBe('invalid');
    expect(o.validContents).toBe(false);
  });

  it('validation error: a registered token that expires before the start date', async () => {
    const { expiringToken, expiringProduct } = h.roles;
    h.clock.set(daysAfter(expiringToken.expirationDate, -20));
    const ok = await createOrder(h, [
      line(expiringProduct, { validFrom: daysAfter(expiringToken.expirationDate, -1), customerTokens: [registered(expiringToken)] }),
    ]);
    expect(ok.orderLines[0]!.validationErrors).toEqual([]);
    const late = await createOrder(h, [
      line(expiringProduct, { validFrom: daysAfter(expiringToken.expirationDate, 1), customerTokens: [registered(expiringToken)] }),
    ]);
    expect(late.orderLines[0]!.validationErrors).toEqual([
      { detail: 'the token expires before the product starts', pointer: '/customerTokens/0/transitTokenId' },
    ]);
    expect(late.orderLines[0]!.validationResult).toBe('invalid');
  });

  it("validation error: the traveller's age on the start date is outside the age profile", async () => {
    const { ageLimited } = h.roles;
    const { ageFromInclusive: from, ageToInclusive: to } = ageLimited.ageProfile!;
    const tooOld = birthdateForAge(to + 1, now);
    const o = await createOrder(h, [line(ageLimited, { validFrom: now, customerTokens: [anonymous(ageLimited, tooOld)] })]);
    expect(o.orderLines[0]!.validationErrors).toEqual([
      { detail: expect.stringContaining(`${from} to ${to}`), pointer: '/customerTokens/0/personalAccountData/birthdate' },
    ]);
    const fits = await patchLine(o.orderLines[0]!.orderLineId, {
      customerTokens: [anonymous(ageLimited, birthdateForAge(to, now))],
    });
    expect(fits.orderLines[0]!.validationErrors).toEqual([]);
    const tooYoung = await patchLine(o.orderLines[0]!.orderLineId, {
      customerTokens: [anonymous(ageLimited, birthdateForAge(from - 1, now))],
    });
    expect(tooYoung.orderLines[0]!.validationResult).toBe('invalid');
  });

  it("a concept order's customer follows its first registered token, and is 0 without one", async () => {
    const { needsRegistered, registeredToken, otherCustomerToken, plain } = h.roles;
    const o = await createOrder(h, [line(plain), line(needsRegistered, { customerTokens: [registered(registeredToken)] })]);
    expect(o.customerProfileId).toBe(registeredToken.customerProfileId);
    const lineId = o.orderLines[1]!.orderLineId;
    const swapped = await patchLine(lineId, { customerTokens: [registered(otherCustomerToken)] });
    expect(swapped.customerProfileId).toBe(otherCustomerToken.customerProfileId);
    const removed = expectOrder(await h.call('DELETE', `${API}/orderlines/${lineId}`));
    expect(removed.customerProfileId).toBe(0);
  });

  it('remarks are derived again on every change', async () => {
    const { plain, needsValidFrom } = h.roles;
    const o = await createOrder(h, [line(plain)]);
    expect(o.validContents).toBe(true);
    const changed = await patchLine(o.orderLines[0]!.orderLineId, { productId: needsValidFrom.productId });
    expect(remarkCodes(changed)).toEqual(['VALIDFROM_REQUIRED']);
    expect(changed.validContents).toBe(false);
  });
});
