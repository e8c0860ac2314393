import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderList, type Order } from '../shared/schemas/order';
import { MAX_BATCH_SALES, saleBatchAnswer } from '../shared/schemas/saleBatch';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, statusOf, type Harness, type Response } from './testing/harness';
import { createOrder, line, orderBody } from './testing/orders';
import { SALES_PER_TURN } from './routes/saleBatches';

/** docs/api.md §4, §8: POST /salebatches carries whole offline sales, each answered on its own, each stored once. */

describe.each(scenarios())('sale batches ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const sale = (externalOrderId: string, amount: (total: number) => number | null = (t) => t, deliver = true) => ({
    order: orderBody(h, [line(h.roles.plain, { externalOrderLineId: `${externalOrderId}-l1` })], { externalOrderId }),
    payments: [amount(h.roles.plain.amountInclTax)].flatMap((amountDebit) =>
      amountDebit === null
        ? []
        : [
            {
              paymentMethodId: h.roles.paymentMethod.paymentMethodId,
              amountDebit,
              operatorPaymentReference: `${externalOrderId}-p1`,
              statusCode: 'SETTLED',
            },
          ],
    ),
    deliver,
  });
  const send = async (sales: unknown[]) => {
    const res = await h.call('POST', `${API}/salebatches`, { body: { sales } });
    expect(res.status).toBe(200);
    return saleBatchAnswer.parse(res.body).results;
  };
  const byExternal = async (externalOrderId: string): Promise<Order[]> => {
    const res = await h.call('GET', `${API}/orders?externalOrderId=${externalOrderId}`);
    return orderList.parse(res.body).orders;
  };

  it('each sale is created, paid and delivered; a refused one gets its own problem and sinks no other', async () => {
    const results = await send([sale('s-1'), sale('s-2', (t) => t + 1), sale('s-3')]);
    expect(results.map((r) => r.status)).toEqual([200, 400, 200]);
    for (const r of [results[0]!, results[2]!]) {
      if (r.status !== 200) throw new Error('not answered with an order');
      expect(statusOf(r.order).name).toBe('delivered');
      expect(r.order.payments.map((p) => p.amountDebit)).toEqual([h.roles.plain.amountInclTax]);
    }
    const refused = results[1]!;
    if (refused.status === 200) throw new Error('an overpayment was taken');
    expect(refused.problem.errors.map((e) => e.pointer)).toEqual(['/amountDebit']);
    // The create before the refused payment stays, as after the same requests one by one.
    const [kept] = await byExternal('s-2');
    expect(kept!.payments).toEqual([]);
    expect(statusOf(kept!).name).not.toBe('delivered');
  });

  it('a batch sent again (its answer lost) stores nothing twice: each sale answers 409 with the orderId it made', async () => {
    const first = await send([sale('a'), sale('b')]);
    const again = await send([sale('a'), sale('b')]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    for (const [i, r] of again.entries()) {
      const made = first[i]!;
      if (r.status === 200 || made.status !== 200) throw new Error('expected a repeat of a stored sale');
      expect(r.problem.errors.map((e) => e.orderId)).toEqual([made.order.orderId]);
    }
    for (const id of ['a', 'b']) {
      const orders = await byExternal(id);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.payments).toHaveLength(1);
    }
  });

  it('a sale the central already has from a single POST /orders is a repeat too', async () => {
    const single = await createOrder(h, [line(h.roles.plain)], { externalOrderId: 'one' });
    const [r] = await send([sale('one')]);
    expect(r!.status).toBe(409);
    expect(r!.status !== 200 && r!.problem.errors[0]!.orderId).toBe(single.orderId);
    expect((await byExternal('one'))[0]!.payments).toEqual([]);
  });

  it('stores a sale as its single requests store it: the same order, its version counting each step', async () => {
    await send([sale('batched')]);
    const single = sale('single');
    const made = expectOrder(await h.call('POST', `${API}/orders`, { body: single.order }), 201);
    expectOrder(await h.call('POST', `${API}/orders/${made.orderId}/payments`, { body: single.payments[0] }));
    expectOrder(await h.call('POST', `${API}/orders/${made.orderId}/delivery`));
    const [batched] = await byExternal('batched');
    const [singly] = await byExternal('single');
    // What differs by nature between two sales: their ids (of the order and every part), numbers, references and change stamps.
    const own = new Set(['orderNumber', 'externalOrderId', 'externalOrderLineId', 'operatorPaymentReference', 'lastUpdatedOn']);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const shape = (order: Order) =>
      JSON.parse(
        JSON.stringify(order, (key, value: unknown) => (own.has(key) || (typeof value === 'string' && uuid.test(value)) ? '…' : value)),
      ) as unknown;
    expect(shape(batched!)).toEqual(shape(singly!));
    expect(statusOf(batched!).name).toBe('delivered');
    expect((await h.store.get(batched!.orderId))!.version).toBe((await h.store.get(singly!.orderId))!.version);
  });

  it(`lets the event loop turn after every ${SALES_PER_TURN} sales of a full batch, answering each in the batch's order`, async () => {
    // Turns of the event loop counted while the batch is carried out; each sale notes the turn it began in.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const began: number[] = [];
    const sale_ = h.service.sale.bind(h.service);
    vi.spyOn(h.service, 'sale').mockImplementation((input, caller) => {
      began.push(turn);
      return sale_(input, caller);
    });
    const ids = Array.from({ length: MAX_BATCH_SALES }, (_, i) => `t-${i}`);
    const results = await send(ids.map((id) => sale(id)));
    ticking = false;
    expect(results.map((r) => (r.status === 200 ? r.order.externalOrderId : r.status))).toEqual(ids);
    const perTurn = new Map<number, number>();
    for (const t of began) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(began).toHaveLength(MAX_BATCH_SALES);
    expect(Math.max(...perTurn.values())).toBe(SALES_PER_TURN);
    expect(perTurn.size).toBe(MAX_BATCH_SALES / SALES_PER_TURN);
  });

  it("carries out one touchpoint's batches one after another, each whole before the next begins", async () => {
    const began: string[] = [];
    const sale_ = h.service.sale.bind(h.service);
    vi.spyOn(h.service, 'sale').mockImplementation((input, caller) => {
      began.push(input.order.externalOrderId!);
      return sale_(input, caller);
    });
    const batch = (name: string) => Array.from({ length: SALES_PER_TURN + 5 }, (_, i) => `${name}-${i}`);
    const [first, second] = await Promise.all([send(batch('a').map((id) => sale(id))), send(batch('b').map((id) => sale(id)))]);
    expect([...first!, ...second!].every((r) => r.status === 200)).toBe(true);
    // The two requests race to the server: either may be carried out first, but never interleaved.
    const [one, other] = began[0]!.startsWith('a-') ? [batch('a'), batch('b')] : [batch('b'), batch('a')];
    expect(began).toEqual([...one, ...other]);
  });

  it('a paid sale not delivered stays paid', async () => {
    const [r] = await send([sale('p', (t) => t, false)]);
    expect(r!.status === 200 && statusOf(r!.order).name).toBe('paid');
  });

  it(`refuses more than ${MAX_BATCH_SALES} sales, and a batch without a token, storing nothing`, async () => {
    const tooMany = Array.from({ length: MAX_BATCH_SALES + 1 }, (_, i) => sale(`m-${i}`));
    expectProblem(await h.call('POST', `${API}/salebatches`, { body: { sales: tooMany } }), 400);
    const res: Response = await h.call('POST', `${API}/salebatches`, { body: { sales: [sale('m-0')] }, auth: null });
    expectProblem(res, 401);
    expect(await byExternal('m-0')).toEqual([]);
  });
});
