import { describe, expect, it } from 'vitest';
import { cloneRow, type TemplateRow } from './clone';

const at = '2026-01-01T10:00:00.000Z';
const template: TemplateRow = {
  order_id: 'o-1',
  order_number: '100000001',
  created_on: at,
  last_updated_on: at,
  doc: JSON.stringify({
    orderId: 'o-1',
    orderNumber: '100000001',
    totalAmount: 1000000010,
    createdOn: at,
    lastUpdatedOn: at,
    orderLines: [{ orderLineId: 'l-1', createdOn: at }],
  }),
};

describe('cloneRow', () => {
  it('gives the copy a new identity in its columns and everywhere in its doc', () => {
    const at2 = '2025-12-31T10:00:00.000Z';
    const copy = cloneRow(template, ['l-1'], { orderId: 'o-2', orderNumber: '100000002', createdOn: at2, partIds: ['l-2'] });
    expect(copy).toMatchObject({ order_id: 'o-2', order_number: '100000002', created_on: at2, last_updated_on: at2 });
    expect(JSON.parse(copy.doc)).toEqual({
      orderId: 'o-2',
      orderNumber: '100000002',
      totalAmount: 1000000010,
      createdOn: at2,
      lastUpdatedOn: at2,
      orderLines: [{ orderLineId: 'l-2', createdOn: at2 }],
    });
  });

  it('leaves the template as it was', () => {
    const before = JSON.stringify(template);
    cloneRow(template, ['l-1'], { orderId: 'x', orderNumber: '9', createdOn: at, partIds: ['y'] });
    expect(JSON.stringify(template)).toBe(before);
  });
});
