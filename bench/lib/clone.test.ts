import { describe, expect, it } from 'vitest';
import { cloneRow, type TemplateRow } from './clone';

const at = '2026-01-01T10:00:00.000Z';
/** A stored doc with its identity in every place cloneRow must change, and one number it must not. */
const doc = (orderId: string, orderNumber: string, stamp: string, orderLineId: string) => ({
  orderId,
  orderNumber,
  totalAmount: 1000000010,
  createdOn: stamp,
  lastUpdatedOn: stamp,
  orderLines: [{ orderLineId, createdOn: stamp }],
});
const template: TemplateRow = {
  order_id: 'o-1',
  order_number: '100000001',
  created_on: at,
  last_updated_on: at,
  doc: JSON.stringify(doc('o-1', '100000001', at, 'l-1')),
};

describe('cloneRow', () => {
  it('gives the copy a new identity in its columns and everywhere in its doc', () => {
    const at2 = '2025-12-31T10:00:00.000Z';
    const copy = cloneRow(template, ['l-1'], { orderId: 'o-2', orderNumber: '100000002', createdOn: at2, partIds: ['l-2'] });
    expect(copy).toMatchObject({ order_id: 'o-2', order_number: '100000002', created_on: at2, last_updated_on: at2 });
    expect(JSON.parse(copy.doc)).toEqual(doc('o-2', '100000002', at2, 'l-2'));
  });

  it('leaves the template as it was', () => {
    const before = JSON.stringify(template);
    cloneRow(template, ['l-1'], { orderId: 'x', orderNumber: '9', createdOn: at, partIds: ['y'] });
    expect(JSON.stringify(template)).toBe(before);
  });
});
