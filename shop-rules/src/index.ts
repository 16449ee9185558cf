/**
 * The shop's rules, written once. The api enforces every one (it is the system of record, and any
 * client reaches it); the gateway and the web check the same rules early, with the same words.
 * Plain functions and constants, no dependencies: each layer wraps them in its own validation.
 */

export * from './attempts.js';
export * from './countries.js';
export * from './coupons.js';
export * from './enquiry-lifecycle.js';
export * from './gst.js';
export * from './lifecycle.js';
export * from './money.js';
export * from './order-lifecycle.js';
export * from './phone.js';
export * from './quantity.js';
export * from './return-lifecycle.js';
export * from './shipping.js';
export * from './staff-permissions.js';
