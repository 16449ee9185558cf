import { countryProblem, stateProblem } from '@digitic/shop-rules';
import { z } from 'zod';

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, 'Address fields are at most 200 characters');

export const ShippingInfo = z.object({
  firstname: required('First Name is Required'),
  lastname: required('Last Name is Required'),
  address: required('Address Details are Required'),
  other: z.string().trim().max(200, 'Apartment, suite, etc. is at most 200 characters').optional(),
  city: required('city is Required'),
  // Where the shop ships is the shop's rule, enforced here for every client, not only the web's form.
  state: required('S tate is Required').superRefine((v, ctx) => {
    const problem = stateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  country: required('country is Required').superRefine((v, ctx) => {
    const problem = countryProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  pincode: z.coerce
    .number({ error: 'Pincode is Required' })
    .int('Pincode must be a positive whole number')
    .positive('Pincode must be a positive whole number')
    .max(999_999_999, 'Pincode is too long'),
});

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
