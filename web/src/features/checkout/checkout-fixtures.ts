// Test data the checkout's unit tests share (no page imports it).
import type { AddressValues } from './address-schema';

/** A shipping address the form accepts, as the shopper typed it. */
export const SHIPPING_ADDRESS: AddressValues = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 Ring Road',
  other: '',
  country: 'India',
  state: 'Gujarat',
  city: 'Surat',
  pincode: '395003',
};
