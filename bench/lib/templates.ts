import type { Catalog } from '../../domain/catalog';
import type { Result } from '../../domain/result';
import type { Caller, OrderService } from '../../domain/service';
import type { Order } from '../../shared/schemas/order';
import { ORDER_STATUS } from '../../shared/enums';
import { rolesOf } from '../../server/testing/roles';
import type { Fixtures } from '../../shared/schemas/reference';
import type { Template, TemplateName, VarietyOptions } from './variety';

const made = (result: Result<Order>, what: string): Order => {
  if (!result.ok) throw new Error(`seed template ${what}: ${JSON.stringify(result.refusal)}`);
  return result.value;
};

/**
 * The seed's templates, one per kind of order, made through the order service itself (its
 * rules, its store), so their docs are what the central writes and reads back.
 */
export async function makeTemplates(service: OrderService, catalog: Catalog): Promise<Record<TemplateName, Template>> {
  const roles = rolesOf(catalog.data);
  const caller: Caller = { touchpointId: roles.touchpoint.salesTouchpointId, customerProfileId: null };
  const plain = { productId: roles.plain.productId, quantity: 1, vouchers: [] };
  const tokened = {
    productId: roles.needsRegistered.productId,
    quantity: 1,
    vouchers: [],
    customerTokens: [{ tokenTypeId: roles.registeredToken.tokenTypeId, transitTokenId: roles.registeredToken.transitTokenId }],
  };
  const create = async (lines: (typeof plain)[], what: string) =>
    made(await service.create({ languageId: roles.language.languageId, orderLines: lines }, caller), what);
  let payments = 0;
  const paid = async (order: Order, what: string) =>
    made(
      await service.addPayment(
        order.orderId,
        {
          paymentMethodId: roles.paymentMethod.paymentMethodId,
          amountDebit: order.totalAmount,
          operatorPaymentReference: `seed-${++payments}`,
          statusCode: 'SETTLED',
        },
        caller,
      ),
      what,
    );
  const delivered = async (order: Order, what: string) => made(await service.deliver(order.orderId, caller), what);
  const template = (order: Order): Template => ({ order, statusId: order.order_OrderStatuses[0]!.orderStatus.orderStatusId });

  const concept = await create([plain], 'concept');
  const conceptToken = await create([tokened], 'concept with token');
  const paidOrder = await paid(await create([plain, plain], 'paid'), 'paid');
  const deliveredOrder = await delivered(await paid(await create([plain], 'delivered'), 'delivered'), 'delivered');
  const deliveredToken = await delivered(await paid(await create([tokened], 'delivered token'), 'delivered token'), 'delivered token');
  const cancelled = made(await service.cancel((await create([plain], 'cancelled')).orderId, caller), 'cancelled');
  const templates = {
    concept: template(concept),
    conceptToken: template(conceptToken),
    paid: template(paidOrder),
    delivered: template(deliveredOrder),
    deliveredToken: template(deliveredToken),
    cancelled: template(cancelled),
  };
  const expected: Record<TemplateName, number> = {
    concept: ORDER_STATUS.concept,
    conceptToken: ORDER_STATUS.concept,
    paid: ORDER_STATUS.paid,
    delivered: ORDER_STATUS.delivered,
    deliveredToken: ORDER_STATUS.delivered,
    cancelled: ORDER_STATUS.cancelled,
  };
  for (const [name, t] of Object.entries(templates) as [TemplateName, Template][]) {
    if (t.statusId !== expected[name]) throw new Error(`seed template ${name} has status ${t.statusId}, not ${expected[name]}`);
  }
  return templates;
}

/** The seed's rules for a database whose order number sequence stands at `sequence`: the heavy customer is the one of the templates' token. */
export function seedOptions(
  fixtures: Fixtures,
  templates: Record<TemplateName, Template>,
  at: { count: number; newest: number; sequence: number },
): VarietyOptions {
  const tokenId = templates.conceptToken.order.orderLines[0]!.customerTokens![0]!.transitTokenId;
  const token = fixtures.transitTokens.find((t) => t.transitTokenId === tokenId)!;
  return {
    count: at.count,
    newest: at.newest,
    firstSequence: at.sequence + 1,
    touchpoints: fixtures.touchpoints.filter((t) => t.isActive),
    heavy: { customerProfileId: token.customerProfileId, transitTokenId: token.transitTokenId },
  };
}
