import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog';
import { catalog, conceptOrder, fixtures, lineOf, opContext, valueOf } from '../../server/testing/orderRecords';
import { addPayment } from './payments';
import { answerText, needsPresenting, nestedToken, present } from './present';

/** The order as answered (docs/api.md §3.1, §7.4): registered tokens' reference records while it is open. */

const ctx = opContext();
const twoTravellers = () =>
  conceptOrder(ctx, [
    lineOf('Single ticket'),
    lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }, { tokenTypeId: 1, transitTokenId: 42005 }] }),
    lineOf('Registered top-up', { customerTokens: [{ tokenTypeId: 2, transitTokenId: 42002 }] }),
  ]);
const shown = (order: ReturnType<typeof present>) =>
  order.orderLines.map((l) => l.customerTokens?.map((t) => t.transitToken?.transitTokenId ?? null) ?? null);

describe('nestedToken', () => {
  it('is the reference record with the type and status named and the expiry as a date', () => {
    const token = { ...fixtures.transitTokens.find((t) => t.transitTokenId === 42006)!, ePurse: null };
    expect(nestedToken(token)).toEqual({
      customerProfileId: 77004,
      transitTokenId: 42006,
      xTat: token.xTat,
      tokenType: { tokenTypeId: 2, name: 'pass physical' },
      alias: 'Card 42006',
      tokenStatus: { tokenStatusId: 3, name: 'replaced' },
      expirationDate: '2032-01-01',
      replacedByTokenId: 42005,
      autoReloadRegistration: null,
      ePurse: null,
      personalAccountData: null,
      gboAgeProfile: null,
    });
  });

  it('keeps the optional parts a token has', () => {
    const token = {
      ...fixtures.transitTokens[0]!,
      autoReloadRegistration: { x: 1 },
      ePurse: { w: 0 },
      personalAccountData: { y: 2 },
      gboAgeProfile: { z: 3 },
    } as never;
    expect(nestedToken(token)).toMatchObject({
      autoReloadRegistration: { x: 1 },
      ePurse: { w: 0 },
      personalAccountData: { y: 2 },
      gboAgeProfile: { z: 3 },
    });
  });
});

describe('present', () => {
  it('an open order shows every registered token to a clerk, and no record for an anonymous one', () => {
    const { order } = twoTravellers();
    expect(needsPresenting(order)).toBe(true);
    expect(shown(present(order, catalog))).toEqual([null, [null, 42005], [42002]]);
    expect(present(order, catalog).orderLines[1]!.customerTokens![1]!.transitToken).toEqual(nestedToken(catalog.tokens.get(42005)!));
  });

  it("a customer sees only their own tokens' records", () => {
    const { order } = twoTravellers();
    expect(shown(present(order, catalog, 77002))).toEqual([null, [null, null], [42002]]);
  });

  it('a token the catalogue no longer knows has no record', () => {
    const { order } = twoTravellers();
    const without42002 = new Catalog({ ...fixtures, transitTokens: fixtures.transitTokens.filter((t) => t.transitTokenId !== 42002) });
    expect(shown(present(order, without42002))).toEqual([null, [null, 42005], [null]]);
  });

  it('a paid order is answered as stored', () => {
    const record = twoTravellers();
    const paid = valueOf(
      addPayment(
        record,
        { paymentMethodId: 41, amountDebit: record.order.totalAmount, operatorPaymentReference: 'op', statusCode: 'SETTLED' },
        ctx,
      ),
    ).record.order;
    expect(needsPresenting(paid)).toBe(false);
    expect(present(paid, catalog)).toBe(paid);
  });

  it('one registered token beside an anonymous one on the only line is presented', () => {
    const { order } = conceptOrder(ctx, [
      lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }, { tokenTypeId: 1, transitTokenId: 42005 }] }),
    ]);
    expect(needsPresenting(order)).toBe(true);
    expect(shown(present(order, catalog))).toEqual([[null, 42005]]);
  });

  it('an order without registered tokens needs no presenting', () => {
    const { order } = conceptOrder(ctx, [
      lineOf('Single ticket'),
      lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1 }] }),
    ]);
    expect(needsPresenting(order)).toBe(false);
    expect(present(order, catalog)).toBe(order);
  });
});

describe('a list page’s row', () => {
  const presented = twoTravellers().order;
  const row = (doc: string, statusId: number, hasTokens: boolean) => ({ doc, statusId, hasTokens });
  const tokens = row(JSON.stringify(presented), 1, true);

  it('are answered as stored unless they hold tokens while their status shows them', () => {
    expect(answerText(row('{"a":1}', 1, false), catalog, null)).toBe('{"a":1}');
    expect(answerText(row('{"b":2}', 4, true), catalog, null)).toBe('{"b":2}');
    expect(JSON.parse(answerText(tokens, catalog, null))).toEqual(present(presented, catalog, null));
    expect(answerText(tokens, catalog, null)).not.toBe(tokens.doc);
  });
});
