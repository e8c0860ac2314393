import { describe, expect, it } from 'vitest';
import type { OrderLine, Payment } from '../../../shared/schemas/order';
import { sameLine, samePayment } from './match';

/** Only the ids take part in matching; the rest of a line or payment is left out here. */
const line = (orderLineId: string, externalOrderLineId: string | null) => ({ orderLineId, externalOrderLineId }) as OrderLine;
const payment = (paymentId: string, operatorPaymentReference: string) => ({ paymentId, operatorPaymentReference }) as Payment;

describe('recognising the counter’s lines and payments in the central’s copy', () => {
  it('finds a line by the local id the central keeps as externalOrderLineId', () => {
    expect(sameLine(line('central-1', 'local-1'), line('local-1', null))).toBe(true);
    expect(sameLine(line('central-1', 'local-2'), line('local-1', null))).toBe(false);
  });

  it('finds a line of a copy adopted under the central’s ids by its id', () => {
    expect(sameLine(line('central-1', null), line('central-1', null))).toBe(true);
    expect(sameLine(line('central-1', null), line('central-2', null))).toBe(false);
  });

  it('finds a payment by the local id the central keeps as operatorPaymentReference', () => {
    expect(samePayment(payment('central-1', 'local-1'), payment('local-1', 'till-1'))).toBe(true);
    expect(samePayment(payment('central-1', 'local-2'), payment('local-1', 'till-1'))).toBe(false);
  });

  it('finds a payment of a copy adopted under the central’s ids by its id', () => {
    expect(samePayment(payment('central-1', 'web-1'), payment('central-1', 'web-1'))).toBe(true);
    expect(samePayment(payment('central-1', 'web-1'), payment('central-2', 'web-1'))).toBe(false);
  });
});
