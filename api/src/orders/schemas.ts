import type { CancelOrderBody, CreateOrderBody, ReturnRequestBody } from '@digitic/rest-contract';
import type { ReturnRequestInput } from '../returns/service.js';
import type { Accepts } from '../http/validate.js';
import { ShippingAddress } from '@digitic/shop-rules/address';
import { z } from 'zod';

// The shop's address rules, shared with the gateway (shop-rules/src/address.ts). A missing `other` or phone is kept out.
export const ShippingInfo = ShippingAddress.transform(({ other, phone, gstin, ...rest }) => ({
  ...rest,
  ...(other ? { other } : {}),
  ...(phone ? { phone } : {}),
  ...(gstin ? { gstin } : {}),
}));

const providerId = (name: string, prefix: string) =>
  z.string({ error: `${name} is required` }).regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`), `${name} is not a payment provider id`);

export const PaymentInfo = z.object({
  razorpayOrderId: providerId('paymentInfo.razorpayOrderId', 'order'),
  razorpayPaymentId: providerId('paymentInfo.razorpayPaymentId', 'pay'),
  razorpaySignature: z.string({ error: 'paymentInfo.razorpaySignature is required' }).min(1).max(200),
});

// orderItems, totalPrice and totalPriceAfterDiscount may be sent but are never trusted.
export const CreateOrderInput = z.object({
  shippingInfo: ShippingInfo,
  paymentInfo: PaymentInfo,
});

// The contract's body is what this takes.
export type ContractBodies = [Accepts<typeof CreateOrderInput, CreateOrderBody>];

export const CancelOrderInput = z.object({
  reason: z.string().trim().max(500, 'The reason is at most 500 characters').nullish(),
});

export type AfterSaleBodies = [Accepts<typeof CancelOrderInput, CancelOrderBody>, Accepts<typeof ReturnRequestInput, ReturnRequestBody>];
