import { describe, expect, it } from 'vitest';
import { CENTRAL_NUMBERING, orderNumberOf } from './numbering';

describe('order numbers', () => {
  it('number the central’s orders from 100000001', () => {
    expect(orderNumberOf(CENTRAL_NUMBERING, 1)).toBe('100000001');
    expect(orderNumberOf(CENTRAL_NUMBERING, 42)).toBe('100000042');
  });

  it('pad a counter’s sequence to its digits after its prefix, and grow past them', () => {
    const counter = { prefix: 'KAB12-', offset: 0, digits: 6 };
    expect(orderNumberOf(counter, 7)).toBe('KAB12-000007');
    expect(orderNumberOf(counter, 1_234_567)).toBe('KAB12-1234567');
  });
});
