import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../../devtools/terminalSimulator/simulator';
import { TerminalSimulator } from '../../../devtools/terminalSimulator/simulator';
import { endpointOf } from '../../../devtools/terminalSimulator/endpoint';
import { tempDir } from '../../../server/testing/fixtures';
import { countingIds, testClock } from '../testing/clock';
import { clerk, latestPayment, openCounter, type TestCounter } from '../testing/counter';
import { progress, SIMULATOR_CONFIG, startPin } from '../testing/terminal';

/**
 * docs/api.md §9.2 as a property: whatever the terminal answers and whatever answers are lost
 * (its payment answer, then a number of its status answers), no payment is SETTLED without the
 * terminal's approval, none FAILED that the terminal charged, and none is charged twice or
 * sent twice.
 */

const outcome: fc.Arbitrary<Outcome> = fc.oneof(
  fc.constant<Outcome>({ kind: 'approve' }),
  fc.constantFrom<Outcome>({ kind: 'decline', error: 'Refusal' }, { kind: 'decline', error: 'WrongPIN' }),
  fc.constant<Outcome>({ kind: 'lose' }),
  fc.constantFrom<Outcome>({ kind: 'silent', then: 'approve' }, { kind: 'silent', then: 'decline' }),
);
/** One payment's script: what the terminal does, and how many of the counter's questions about it are lost. */
const step = fc.record({ outcome, lostQuestions: fc.integer({ min: 0, max: 3 }) });

let sim: TerminalSimulator;
let counter: TestCounter;
let folder: ReturnType<typeof tempDir>;
beforeAll(async () => {
  folder = tempDir('counter-terminal-property-');
  sim = await new TerminalSimulator().start();
  counter = await openCounter({
    dataDir: folder.dir,
    database: ':memory:',
    clock: testClock('2024-05-01T08:00:00.000Z'),
    newId: countingIds('f1f1f1f1'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable-central-token' },
    config: SIMULATOR_CONFIG,
    terminal: { simulator: async () => endpointOf(sim), answerMs: 150, retryMs: 5 },
  });
  await clerk(counter).login();
});
afterAll(async () => {
  await counter.close();
  await sim.close();
  folder.remove();
});

describe('PIN payments under any script of terminal answers and losses', () => {
  it('are SETTLED only when charged, FAILED only when not, and never charged or sent twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (script) => {
        for (const { outcome: o, lostQuestions } of script) {
          const order = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
          sim.next(o);
          sim.dropStatus = lostQuestions;
          const requests: string[] = [];
          const count = (r: { category: string; serviceId: string }) => r.category === 'Payment' && requests.push(r.serviceId);
          sim.on('request', count);
          const done = progress(counter, (p) => p.orderId === order.orderId && (p.stage === 'approved' || p.stage === 'declined'));
          const { payment } = await startPin(counter, order.orderId);
          const told = await done;
          sim.off('request', count);
          const after = (await clerk(counter).get(order.orderId)).order.payments.find((p) => p.paymentId === payment.paymentId)!;
          const charges = sim.book.chargesOf(payment.operatorPaymentReference);
          const charged = o.kind === 'approve' || o.kind === 'lose' || (o.kind === 'silent' && o.then === 'approve');
          expect(requests).toHaveLength(1);
          expect(charges).toHaveLength(charged ? 1 : 0);
          expect(latestPayment(after)).toBe(charged ? 'SETTLED' : 'FAILED');
          expect(told.stage).toBe(charged ? 'approved' : 'declined');
        }
        expect(sim.reusedServiceIds).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
