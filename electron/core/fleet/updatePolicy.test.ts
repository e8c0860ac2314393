import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closedGates, decideUpdate, type UpdateMoment } from './updatePolicy';

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
