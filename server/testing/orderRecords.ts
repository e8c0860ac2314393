import { otherFixtures } from './fixtures';
import { countingIds } from './harness';
import type { OrderLineInput } from '../../shared/schemas/requests';
import { Catalog } from '../../domain/catalog';
import type { OpContext } from '../../domain/order/context';
import { createOrder } from '../../domain/order/operations';
import type { OrderRecord } from '../../domain/order/record';
import type { Result } from '../../domain/result';
import { OrderService, type ServiceOptions } from '../../domain/service';
import type { OrderStore } from '../../domain/store/types';

/**
 * The pure order operations' surroundings for unit tests: the other fixtures' catalogue, a
 * frozen clock and ids that count up, so every run makes the same order with the same ids.
 */

export const fixtures = otherFixtures();
export const catalog = new Catalog(fixtures);
export const NOW = new Date('2031-03-02T08:30:00.000Z');
export const NOW_ISO = NOW.toISOString();

/** A product of the other fixtures by name. */
export function productNamed(name: string) {
  const found = fixtures.products.find((p) => p.productName === name);
  if (!found) throw new Error(`the other fixtures have no product ${name}`);
  return found;
}

export const lineOf = (productName: string, extra: Partial<OrderLineInput> = {}): OrderLineInput => ({
  productId: productNamed(productName).productId,
  quantity: 1,
  vouchers: [],
  ...extra,
});

/** A direct-debit mandate as a payment brings it (docs/api.md §7.1). */
export const mandateInput = {
  directDebitMandateTypeId: 3,
  bic: 'ABNANL2A',
  iban: 'NL91ABNA0417164300',
  ascription: 'A. Traveller',
  place: 'Utrecht',
};

export function opContext(over: Partial<OpContext> = {}): OpContext {
  return { catalog, now: NOW, newId: countingIds(), ...over };
}

/** The value of a result that must have succeeded; a refusal fails the test with what it said. */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.value;
}

/** A concept order at touchpoint 501 (or `touchpointId`) with the given lines (default: one Single ticket). */
export function conceptOrder(
  ctx: OpContext,
  lines: OrderLineInput[] = [lineOf('Single ticket')],
  origin: { touchpointId?: number; customerProfileId?: number | null } = {},
): OrderRecord {
  return valueOf(
    createOrder(
      { externalOrderId: null, languageId: 31, orderLines: lines },
      {
        touchPoint: catalog.touchpoints.get(origin.touchpointId ?? 501)!,
        customerProfileId: origin.customerProfileId ?? null,
        orderNumber: '100000001',
      },
      ctx,
    ),
  );
}

/** The service over a store, on the same catalogue, clock and counting ids. */
export const serviceOver = (store: OrderStore, over: Partial<ServiceOptions> = {}) =>
  new OrderService({ store, catalog: () => catalog, clock: () => NOW, newId: countingIds(), ...over });
