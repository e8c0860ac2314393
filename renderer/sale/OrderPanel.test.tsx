// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { counterOrder, line } from '../../shared/testing/builders';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { OrderPanel } from './OrderPanel';
import { useSale } from './saleStore';

afterEach(cleanup);

const concept = counterOrder({ orderNumber: 'W-0001', orderLines: [line({ amountInclTax: 950 })] });

describe('OrderPanel', () => {
  beforeEach(() => useSale.setState({ screen: 'sale', orderId: concept.order.orderId, token: null, scan: null, editing: null }));

  it('shows an order of another touchpoint read-only: a note, and no way to change, pay or cancel it', async () => {
    renderWith(<OrderPanel />, fakeCounter({ 'orders.get': () => ({ ...concept, readOnly: true }) }));
    expect(await screen.findByRole('note')).toHaveProperty('textContent', expect.stringContaining('can be viewed here, not changed'));
    expect(screen.queryByRole('button', { name: 'Cancel sale' })).toBeNull();
    expect(screen.queryByRole('button', { name: /pay/i })).toBeNull();
  });

  it("offers the owner's counter to cancel its concept order", async () => {
    renderWith(<OrderPanel />, fakeCounter({ 'orders.get': () => concept }));
    expect(await screen.findByRole('button', { name: 'Cancel sale' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
