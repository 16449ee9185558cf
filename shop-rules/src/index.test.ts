import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  countryProblem,
  isOrderStatus,
  ORDER_STATUSES,
  ORDER_STEPS,
  ORDER_TRANSITIONS,
  orderMoveProblem,
  type OrderStatus,
  orderTotal,
  pincodeProblem,
  QUANTITY_RULE,
  quantityProblem,
  shopperMayCancel,
  stateProblem,
  subtotal,
  toPaise,
} from './index.js';
import { ShippingAddress } from './address.js';

const address = { firstname: 'Asha', lastname: 'Patel', address: '12 Ring Road', city: 'Surat', state: 'Gujarat', country: 'India' };

describe('shop rules', () => {
  it('allows 1 to 10 whole units, nothing else', () => {
    for (const ok of [1, 5, 10]) expect(quantityProblem(ok)).toBeNull();
    for (const bad of [0, 11, -1, 1.5, '1', null, Number.NaN]) expect(quantityProblem(bad)).toBe(QUANTITY_RULE);
    expect(QUANTITY_RULE).toBe('Quantity must be a whole number from 1 to 10');
  });

  it('ships to Gujarat, India only', () => {
    expect(countryProblem('India')).toBeNull();
    expect(countryProblem(' India ')).toBeNull();
    expect(countryProblem('France')).toBe('We ship to India only');
    expect(stateProblem('Gujarat')).toBeNull();
    expect(stateProblem('Maharashtra')).toBe('We ship to Gujarat only');
  });

  it('takes a six-digit Indian PIN code and names what else is wrong', () => {
    expect(pincodeProblem('395003')).toBeNull();
    expect(pincodeProblem(395003)).toBeNull();
    for (const wrong of ['39500312345', '012345', '39500', '3950031', 'abcdef', 12345678901]) {
      expect(pincodeProblem(wrong)).toBe('Pincode must be the 6 digits of an Indian PIN code');
    }
    expect(ShippingAddress.safeParse({ ...address, pincode: 39500312345 }).error?.issues[0]?.message).toBe(
      'Pincode must be the 6 digits of an Indian PIN code',
    );
  });

  it('takes an optional phone for the courier as people write it, kept as its ten digits', () => {
    expect(ShippingAddress.parse({ ...address, pincode: 395003, phone: '+91 98250-12345' }).phone).toBe('9825012345');
    for (const none of [undefined, null, '', '   '])
      expect(ShippingAddress.parse({ ...address, pincode: 395003, phone: none }).phone).toBeUndefined();
    const wrong = ShippingAddress.safeParse({ ...address, pincode: 395003, phone: '12345' }).error?.issues[0];
    expect(wrong?.path).toEqual(['phone']);
    expect(wrong?.message).toBe('Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9');
  });

  it('adds lines and Rs. 100 shipping, and counts paise at the provider', () => {
    const lines = [
      { quantity: 2, price: 1999 },
      { quantity: 1, price: 500 },
    ];
    expect(subtotal(lines)).toBe(4498);
    expect(orderTotal(lines)).toBe(4598);
    expect(toPaise(4598)).toBe(459_800);
  });
});

describe('the order lifecycle', () => {
  it('lets a parcel go its way in order, and cancel only before it ships', () => {
    expect(ORDER_STEPS.slice(1).every((to, i) => canMoveOrder(ORDER_STEPS[i] as OrderStatus, to))).toBe(true);
    expect(ORDER_STATUSES.filter((s) => shopperMayCancel(s))).toEqual(['Ordered', 'Processed']);
    for (const end of ['Delivered', 'Cancelled'] as const) expect(ORDER_TRANSITIONS[end]).toEqual([]);
  });

  it('names why a move is refused, and what the order can become instead', () => {
    expect(orderMoveProblem('Ordered', 'Processed')).toBeNull();
    expect(orderMoveProblem('Shipped', 'Cancelled')).toBe(
      'An order that is Shipped cannot become Cancelled; it can become Out For Delivery or Delivered',
    );
    expect(orderMoveProblem('Delivered', 'Shipped')).toBe('The order is Delivered; its status cannot change any more');
    expect(orderMoveProblem('Processed', 'Processed')).toBe('The order is already Processed');
    expect(isOrderStatus('Shipped')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
  });
});
