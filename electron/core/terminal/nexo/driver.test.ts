import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalSimulator } from '../../../../devtools/terminalSimulator/simulator';
import { NexoDriver, type NexoDriverOptions } from './driver';

/**
 * The nexo driver against the built-in simulator over real HTTPS (docs/api.md §9.2): every
 * request with a header as §9.2 says, the certificate checked against the simulator's CA.
 */

const KEY = { id: 'CounterKey', passphrase: 'a shared secret of the desk', version: 1 };
let plain: TerminalSimulator;
let sealed: TerminalSimulator;
let ids = 0;

beforeAll(async () => {
  [plain, sealed] = await Promise.all([new TerminalSimulator().start(), new TerminalSimulator({ key: KEY }).start()]);
});
afterAll(async () => {
  await Promise.all([plain.close(), sealed.close()]);
  // Nothing the driver sent broke the header rules, and no ServiceID came twice.
  expect([...plain.formatErrors, ...sealed.formatErrors]).toEqual([]);
  expect([...plain.reusedServiceIds, ...sealed.reusedServiceIds]).toEqual([]);
});

function driver(sim: TerminalSimulator, options: Partial<NexoDriverOptions> = {}): NexoDriver {
  return new NexoDriver({
    url: sim.url,
    poiId: sim.poiId,
    ca: sim.ca,
    key: sim.key ?? null,
    saleId: 'COUNTER1',
    nextServiceId: () => `T${++ids}`,
    clock: () => new Date('2024-02-29T12:00:00Z'),
    ...options,
  });
}

describe('the nexo driver against the simulator', () => {
  it('is approved, with the receipt decoded as "name: value" lines, over encrypted messages', async () => {
    const d = driver(sealed);
    const outcome = await d.pay('P1', 'K0001-000001-PIN-P1', 1250);
    d.close();
    expect(outcome).toMatchObject({ kind: 'ok', value: { transaction: { reference: expect.stringMatching(/^SIM/) } } });
    expect(outcome.kind === 'ok' && outcome.value.receipt).toEqual([
      'Terminal simulator',
      'Card: **** **** **** 0004',
      'Amount: EUR 12.50',
      `Transaction: ${outcome.kind === 'ok' ? outcome.value.transaction.reference : ''}`,
      'Result: APPROVED',
    ]);
    expect(sealed.book.chargesOf('K0001-000001-PIN-P1')).toEqual([expect.objectContaining({ amount: 1250 })]);
  });

  it('is declined with the terminal’s reason', async () => {
    const d = driver(plain);
    plain.next({ kind: 'decline', error: 'WrongPIN' });
    expect(await d.pay('P2', 'ref-2', 500)).toEqual({ kind: 'refused', error: 'WrongPIN' });
    expect(plain.book.chargesOf('ref-2')).toEqual([]);
    d.close();
  });

  it('times out, and learns the outcome by inquiry', async () => {
    const d = driver(plain, { answerMs: 200 });
    plain.next({ kind: 'silent', then: 'approve' });
    const settled = once(plain, 'settled');
    const outcome = await d.pay('P3', 'ref-3', 700);
    expect(outcome).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/within/) });
    await settled;
    // The terminal finished the card once the counter stopped waiting; asked, it says so.
    expect(await d.status('P3')).toMatchObject({ kind: 'ok', value: { receipt: expect.arrayContaining(['Amount: EUR 7.00']) } });
    expect(plain.book.chargesOf('ref-3')).toHaveLength(1);
    d.close();
  });

  it('hears InProgress while the terminal still waits for the card', async () => {
    const d = driver(plain, { answerMs: 10_000 });
    plain.next({ kind: 'silent', then: 'decline' });
    const held = once(plain, 'held');
    const paying = d.pay('P4', 'ref-4', 300);
    await held;
    expect(await d.status('P4')).toEqual({ kind: 'unknown', reason: 'the terminal says InProgress' });
    expect(d.state()).toBe('busy');
    // Stopped by the clerk: the waiting request itself answers Aborted.
    await d.abort('P4');
    expect(await paying).toEqual({ kind: 'refused', error: 'Aborted' });
    expect(d.state()).toBe('ready');
    d.close();
  });

  it('loses the answer after approving: unknown, and the inquiry finds the approval', async () => {
    const d = driver(plain);
    plain.next({ kind: 'lose' });
    expect(await d.pay('P5', 'ref-5', 900)).toMatchObject({ kind: 'unknown' });
    expect(await d.status('P5')).toMatchObject({ kind: 'ok' });
    expect(plain.book.chargesOf('ref-5')).toHaveLength(1);
    d.close();
  });

  it('hears NotFound about a request the terminal never took', async () => {
    const d = driver(plain);
    expect(await d.status('NEVER1')).toEqual({ kind: 'refused', error: 'NotFound' });
    d.close();
  });

  it('reverses part of a payment and then the rest, and no more', async () => {
    const d = driver(plain);
    const paid = await d.pay('P6', 'ref-6', 1000);
    if (paid.kind !== 'ok') throw new Error('not approved');
    expect(await d.reverse('R61', paid.value.transaction, 400)).toEqual({ kind: 'ok', value: true });
    expect(await d.reverse('R62', paid.value.transaction, null)).toEqual({ kind: 'ok', value: true });
    expect(await d.reverse('R63', paid.value.transaction, 100)).toEqual({ kind: 'refused', error: 'NotAllowed' });
    // Asked about afterwards, by their ServiceIDs; one never sent is not found.
    expect(await d.reversalStatus('R61')).toEqual({ kind: 'ok', value: true });
    expect(await d.reversalStatus('R63')).toEqual({ kind: 'refused', error: 'NotAllowed' });
    expect(await d.reversalStatus('R69')).toEqual({ kind: 'refused', error: 'NotFound' });
    expect(plain.book.reversals.filter((r) => r.poiTransactionId === paid.value.transaction.reference).map((r) => r.amount)).toEqual([
      400, 600,
    ]);
    d.close();
  });

  it('reads the totals at X without closing, and closes the period at Z', async () => {
    const sim = await new TerminalSimulator().start();
    try {
      const d = driver(sim);
      const paid = await d.pay('Q1', 'q-1', 1500);
      await d.pay('Q2', 'q-2', 250);
      if (paid.kind !== 'ok') throw new Error('not approved');
      await d.reverse('Q3', paid.value.transaction, 500);
      const expected = { debitCount: 2, debitAmount: 1750, refundCount: 1, refundAmount: 500 };
      expect(await d.totals(false)).toEqual({ kind: 'ok', value: expected });
      expect(await d.totals(false)).toEqual({ kind: 'ok', value: expected });
      expect(await d.totals(true)).toEqual({ kind: 'ok', value: expected });
      expect(await d.totals(false)).toEqual({ kind: 'ok', value: { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 } });
      d.close();
    } finally {
      await sim.close();
    }
  });

  it('refuses a terminal whose certificate another CA signed, and calls it offline', async () => {
    const d = driver(plain, { ca: sealed.ca });
    expect(await d.pay('P7', 'ref-7', 100)).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/certificate/) });
    expect(d.state()).toBe('offline');
    expect(plain.book.chargesOf('ref-7')).toEqual([]);
    d.close();
  });
});
