import type { Order, TouchPoint } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import type {
  AddOrderLineInput,
  CreateOrderInput,
  CustomerInput,
  PatchOrderInput,
  PatchOrderLineInput,
} from '../../shared/schemas/requests';
import { ADDRESS_TYPE, ORDER_LINE_STATUS, named } from '../../shared/enums';
import { invalid, notFound, ok, type Result } from '../result';
import { createdOnError, limitErrors } from '../rules/limits';
import { MAY, canMove } from '../rules/statuses';
import { stamp, type OpContext } from './context';
import { checkKeptTokens, checkLine, newLine, patchedLine, repeatedLine, repeatsWithin } from './lines';
import { heldMoney, settledMoney } from './money';
import { cancelPending } from './payments';
import { currentStatus, settle, statusError, withStatus } from './settle';
import type { OrderRecord } from './record';

export interface Origin {
  touchPoint: TouchPoint;
  /** From a customer JWT, when the request carries one. */
  customerProfileId: number | null;
  orderNumber: string;
}

function languageError(languageId: number, ctx: OpContext): ProblemError[] {
  return ctx.catalog.languages.has(languageId) ? [] : [{ detail: `there is no language ${languageId}`, pointer: '/languageId' }];
}

function deviceOf(externalDeviceId: string | null | undefined, ctx: OpContext) {
  return externalDeviceId ? { externalDeviceId, alias: ctx.catalog.deviceAlias(externalDeviceId) } : null;
}

export function createOrder(input: CreateOrderInput, origin: Origin, ctx: OpContext): Result<OrderRecord> {
  const errors = [
    ...languageError(input.languageId, ctx),
    ...(input.createdOn ? createdOnError(input.createdOn, ctx.now) : []),
    ...input.orderLines.flatMap((line, i) => checkLine(line, line.productId, `/orderLines/${i}`, ctx)),
    ...repeatsWithin(input.orderLines),
  ];
  if (errors.length > 0) return invalid(errors);
  const createdOn = input.createdOn ?? stamp(ctx);
  const base: Order = {
    orderId: ctx.newId(),
    externalOrderId: input.externalOrderId ?? null,
    orderNumber: origin.orderNumber,
    customerProfileId: origin.customerProfileId ?? 0,
    validContents: null,
    device: deviceOf(input.externalDeviceId, ctx),
    vouchers: [],
    totalAmount: 0,
    touchPoint: origin.touchPoint,
    language: ctx.catalog.languages.get(input.languageId)!,
    createdOn,
    lastUpdatedOn: createdOn,
    order_OrderStatuses: [],
    orderLines: input.orderLines.map((line) => newLine({ ...line, createdOn }, ctx)),
    payments: [],
    orderCustomer: null,
  };
  const order = withStatus(base, 'concept', 'Order created', ctx, createdOn);
  const over = limitErrors(order, '/orderLines');
  if (over.length > 0) return invalid(over);
  const record: OrderRecord = {
    order,
    touchpointId: origin.touchPoint.salesTouchpointId,
    customerFixed: origin.customerProfileId !== null,
    version: 0,
  };
  return ok(settle(record, order, ctx));
}

export function patchOrder(record: OrderRecord, input: PatchOrderInput, ctx: OpContext): Result<OrderRecord> {
  const { order } = record;
  const errors = [
    ...(input.languageId !== undefined ? languageError(input.languageId, ctx) : []),
    ...(MAY.changeOrder(currentStatus(order))
      ? []
      : [statusError(order, `the order cannot be changed: its status is ${currentStatus(order)}`)]),
  ];
  if (errors.length > 0) return invalid(errors);
  return ok(
    settle(
      record,
      {
        ...order,
        language: input.languageId !== undefined ? ctx.catalog.languages.get(input.languageId)! : order.language,
        device: input.externalDeviceId !== undefined ? deviceOf(input.externalDeviceId, ctx) : order.device,
      },
      ctx,
    ),
  );
}

/** A change that makes the order larger is refused past the limits of 7.5; nothing is stored. */
function withinLimits(record: OrderRecord, order: Order, pointer: string, ctx: OpContext): Result<OrderRecord> {
  const over = limitErrors(order, pointer);
  return over.length > 0 ? invalid(over) : ok(settle(record, order, ctx));
}

function linesLocked(order: Order): ProblemError[] {
  const status = currentStatus(order);
  return MAY.changeLines(status)
    ? []
    : [statusError(order, `the order lines can only change while the order is concept; its status is ${status}`)];
}

export function addLine(record: OrderRecord, input: AddOrderLineInput, ctx: OpContext): Result<OrderRecord> {
  // A repeat is answered as such whatever the order's status now: the line is there.
  const repeat = repeatedLine(record.order, input.externalOrderLineId);
  if (repeat) return repeat;
  const errors = [...linesLocked(record.order), ...checkLine(input, input.productId, '', ctx)];
  if (errors.length > 0) return invalid(errors);
  return withinLimits(record, { ...record.order, orderLines: [...record.order.orderLines, newLine(input, ctx)] }, '', ctx);
}

export function patchLine(record: OrderRecord, orderLineId: string, patch: PatchOrderLineInput, ctx: OpContext): Result<OrderRecord> {
  const line = record.order.orderLines.find((l) => l.orderLineId === orderLineId);
  if (!line) return notFound(`there is no order line ${orderLineId}`);
  const productId = patch.productId ?? line.productId;
  const errors = [...linesLocked(record.order), ...checkLine(patch, productId, '', ctx)];
  if (patch.customerTokens === undefined && patch.productId !== undefined) {
    errors.push(...checkKeptTokens(line.customerTokens ?? [], productId, '', ctx));
  }
  if (patch.validFrom === undefined && patch.validUntil && line.validFrom && patch.validUntil < line.validFrom) {
    errors.push({ detail: 'validUntil may not be before validFrom', pointer: '/validUntil' });
  }
  if (errors.length > 0) {
    const startOnly = errors.every((e) => e.pointer === '/validFrom');
    return startOnly ? invalid(errors, 'The start date of the product is not allowed') : invalid(errors);
  }
  const orderLines = record.order.orderLines.map((l) => (l === line ? patchedLine(l, patch, ctx) : l));
  return withinLimits(record, { ...record.order, orderLines }, '/customerTokens', ctx);
}

export function removeLine(record: OrderRecord, orderLineId: string, ctx: OpContext): Result<OrderRecord> {
  if (!record.order.orderLines.some((l) => l.orderLineId === orderLineId)) {
    return notFound(`there is no order line ${orderLineId}`);
  }
  const errors = linesLocked(record.order);
  if (errors.length > 0) return invalid(errors);
  const orderLines = record.order.orderLines.filter((l) => l.orderLineId !== orderLineId);
  return ok(settle(record, { ...record.order, orderLines }, ctx));
}

export function setCustomer(record: OrderRecord, input: CustomerInput, ctx: OpContext): Result<OrderRecord> {
  const { order } = record;
  if (!MAY.changeOrder(currentStatus(order))) {
    return invalid([statusError(order, `the customer cannot be changed: the order's status is ${currentStatus(order)}`)]);
  }
  const orderCustomer = {
    orderCustomerId: order.orderCustomer?.orderCustomerId ?? ctx.newId(),
    birthname: input.birthname,
    surname: input.surname,
    prefix: input.prefix,
    emailAddress: input.emailAddress,
    dateOfBirth: input.dateOfBirth,
    orderCustomerAddresses: input.orderCustomerAddresses.map(({ addressTypeId, ...address }) => ({
      orderCustomerAddressId: ctx.newId(),
      addressType: { addressTypeId, name: named(ADDRESS_TYPE, addressTypeId) },
      ...address,
    })),
  };
  return ok(settle(record, { ...order, orderCustomer }, ctx));
}

/** A paid order is delivered: it and its lines become delivered (docs/api.md §4). */
export function deliver(record: OrderRecord, ctx: OpContext): Result<OrderRecord> {
  const { order } = record;
  if (!canMove(currentStatus(order), 'delivered')) {
    return invalid([statusError(order, `only a paid order can be delivered; its status is ${currentStatus(order)}`)]);
  }
  const orderLines = order.orderLines.map((line) => ({
    ...line,
    orderLineStatus: { orderLineStatusId: ORDER_LINE_STATUS.delivered, name: 'delivered' },
    lastUpdatedOn: stamp(ctx),
  }));
  return ok(settle(record, withStatus({ ...order, orderLines }, 'delivered', 'Order delivered', ctx), ctx));
}

/**
 * docs/api.md §7.2: an unpaid order is cancelled with its pending payments; one that holds
 * settled money is refunded first, and a paid one is cancelled only by a full refund.
 */
export function cancel(record: OrderRecord, ctx: OpContext): Result<OrderRecord> {
  const { order } = record;
  const status = currentStatus(order);
  if (!MAY.cancel(status)) {
    return invalid([
      statusError(
        order,
        `the order cannot be cancelled: its status is ${status}${status === 'cancelled' ? '' : '; refund it in full instead'}`,
      ),
    ]);
  }
  const held = settledMoney(order);
  if (held > 0) {
    return invalid(
      [{ detail: `the order holds ${held} cents of settled money: refund it first`, pointer: '/payments', amount: held }],
      'The order holds money',
      `Refund the ${held} cents first.`,
    );
  }
  return ok(settle(record, withStatus(cancelPending(order, ctx), 'cancelled', 'Order cancelled', ctx), ctx));
}

/**
 * DELETE /orders (docs/api.md §3.3, §7.2): refused for pendingPayment, paid and delivered, and for
 * any order that holds money or ever did, so that no cent leaves the record.
 */
export function checkDeletable(record: OrderRecord): Result<true> {
  const status = currentStatus(record.order);
  const why = !MAY.delete(status)
    ? `its status is ${status}`
    : heldMoney(record.order)
      ? `it holds or has held money (status ${status})`
      : null;
  if (why === null) return ok(true);
  return invalid(
    [statusError(record.order, `the order cannot be deleted: ${why}`)],
    'The order cannot be deleted',
    `The order cannot be deleted: ${why}.`,
  );
}
