import { describe, expect, it } from 'vitest';
import { findPath } from './find';

const both = { orders: true, products: true };

describe('the frame’s search box', () => {
  it('sends an order number, an id, a payment id, an e-mail or a phone number to the orders', () => {
    for (const q of [
      'F54CAA73',
      '#f54caa73',
      '6a60f54c-1111-4222-8333-444455556666',
      'order_NQ2mQ5yVb6pQ2E',
      'asha@example.com',
      '+91 98765 43210',
    ])
      expect(findPath(q, both), q).toBe(`/orders?q=${encodeURIComponent(q)}`);
  });

  it('sends words to the products, and only to a desk the person may open', () => {
    expect(findPath(' MacBook Air ', both)).toBe('/products?q=MacBook%20Air');
    expect(findPath('asha@example.com', { orders: false, products: true })).toBe('/products?q=asha%40example.com');
    expect(findPath('MacBook', { orders: true, products: false })).toBe('/orders?q=MacBook');
    expect(findPath('MacBook', { orders: false, products: false })).toBeNull();
    expect(findPath('   ', both)).toBeNull();
  });
});
