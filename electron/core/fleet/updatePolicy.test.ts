import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closedGates, decideUpdate, rolloutBucket, withinRollout, type UpdateMoment } from './updatePolicy';

const CLEAR: UpdateMoment = { saleOpen: false, outboxDepth: 0, unknownPayments: 0 };
const READY = { phase: 'ready', version: '1.5.0' } as const;

describe('the update policy', () => {
  it('installs a ready update at a moment with every gate open', () => {
    expect(decideUpdate(READY, CLEAR)).toEqual({ install: true, version: '1.5.0' });
  });

  it('waits while a sale is open', () => {
    expect(decideUpdate(READY, { ...CLEAR, saleOpen: true })).toEqual({ install: false, waitingFor: ['saleOpen'] });
  });

  it('waits while sales wait to be sent', () => {
    expect(decideUpdate(READY, { ...CLEAR, outboxDepth: 1 })).toEqual({ install: false, waitingFor: ['unsentSales'] });
  });

  it('waits while a payment’s outcome is unknown', () => {
    expect(decideUpdate(READY, { ...CLEAR, unknownPayments: 1 })).toEqual({ install: false, waitingFor: ['unknownPayment'] });
  });

  it('names every closed gate, in order', () => {
    expect(closedGates({ saleOpen: true, outboxDepth: 3, unknownPayments: 2 })).toEqual(['saleOpen', 'unsentSales', 'unknownPayment']);
  });

  it('installs nothing that is not downloaded yet, whatever the moment', () => {
    expect(decideUpdate({ phase: 'none' }, CLEAR)).toEqual({ install: false, waitingFor: [] });
    expect(decideUpdate({ phase: 'downloading', version: '1.5.0' }, CLEAR)).toEqual({ install: false, waitingFor: [] });
  });

  it('installs exactly when no gate is closed (any moment)', () => {
    const moment = fc.record({ saleOpen: fc.boolean(), outboxDepth: fc.nat(5), unknownPayments: fc.nat(3) });
    fc.assert(
      fc.property(moment, (m) => {
        const open = !m.saleOpen && m.outboxDepth === 0 && m.unknownPayments === 0;
        expect(decideUpdate(READY, m).install).toBe(open);
      }),
    );
  });
});

describe('the staged rollout', () => {
  it('hashes a device id into a bucket of 100: the first four bytes of its SHA-256, modulo 100', () => {
    // sha256("counter-balie-zuid") begins 22f92590: 586,753,424, bucket 24.
    expect(rolloutBucket('counter-balie-zuid')).toBe(24);
    expect(rolloutBucket('dddddddd-0000-4000-8000-000000000001')).toBe(89);
    expect(rolloutBucket('e1e1e1e1-0000-4000-8000-000000000002')).toBe(43);
  });

  it('takes a counter into a stage of p % exactly when its bucket is below p', () => {
    expect([24, 25].map((p) => withinRollout('counter-balie-zuid', p))).toEqual([false, true]);
    expect(['24', '25'].map((p) => withinRollout('counter-balie-zuid', p))).toEqual([false, true]);
    expect(withinRollout('dddddddd-0000-4000-8000-000000000001', 89.5)).toBe(true);
  });

  it('offers an update without a percentage (or with one that is not a number) to every counter, and one at 0 % to none', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect([withinRollout(id, undefined), withinRollout(id, null), withinRollout(id, 'soon'), withinRollout(id, 100)]).toEqual([
          true,
          true,
          true,
          true,
        ]);
        expect(withinRollout(id, 0)).toBe(false);
      }),
    );
  });

  it('only adds counters as the percentage grows, and the same counter answers alike every time', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.nat(100), fc.nat(100), (id, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (withinRollout(id, low)) expect(withinRollout(id, high)).toBe(true);
        expect(withinRollout(id, low)).toBe(withinRollout(id, low));
      }),
    );
  });

  it('takes about the stage’s share of a fleet', () => {
    const fleet = Array.from({ length: 4000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const percentage of [1, 10, 50]) {
      const share = fleet.filter((id) => withinRollout(id, percentage)).length / fleet.length;
      expect(Math.abs(share - percentage / 100), `${percentage} %`).toBeLessThan(0.025);
    }
  });
});
