import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { withCouponTries } from '../coupons/tries.js';
import { notFound } from '../domain/errors.js';
import type { CheckoutAnswerRecord, MyOrderRecord, StartCheckoutBody, StartedCheckoutRecord } from '@digitic/rest-contract';
import { clientAddress } from '../http/client-address.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { CreateOrderInput, ShippingInfo } from '../orders/schemas.js';
import { z } from 'zod';

const CouponCode = z
  .string({ error: 'couponCode is the code as given' })
  .trim()
  .max(64, 'couponCode is at most 64 characters')
  .nullable()
  .optional()
  .transform((v) => v || null);

const StartInput = z.object({
  shippingInfo: ShippingInfo,
  couponCode: CouponCode,
  // The spec's client sends the amount it expects; the server prices the cart itself and ignores it.
  amount: z.unknown().optional(),
});

// The contract's body is what this takes.
export type ContractBodies = [Accepts<typeof StartInput, StartCheckoutBody>];

/** Checkouts: started from the caller's cart (the provider order made here), read back by their owner, and placed as orders. */
export function checkoutRoutes(deps: AppDeps): Router {
  const router = Router();
  // A call with a coupon code is a try at a code: limited per shopper and per client address (coupons/tries.ts).
  const tryingCode = <T>(req: Request, res: Response, couponCode: string | null, run: () => Promise<T>) =>
    couponCode ? withCouponTries(deps.attempts, { customerId: currentCustomer(res).id, address: clientAddress(req) }, run) : run();
  router.post('/user/order/checkout', deps.auth, async (req, res) => {
    const { shippingInfo, couponCode } = parseInput(StartInput, req.body);
    const checkout = await tryingCode(req, res, couponCode, () => deps.checkouts.start(currentCustomer(res).id, shippingInfo, couponCode));
    res.status(201).json({
      // What the spec's client reads: the provider order (id, amount, currency).
      order: { id: checkout.razorpayOrderId, amount: checkout.amount, currency: checkout.currency },
      checkout,
    } satisfies StartedCheckoutRecord);
  });
  // The cart priced as a checkout would be, with a coupon: what the order summary shows before paying.
  router.get('/user/order/quote', deps.auth, async (req, res) => {
    const { couponCode } = parseInput(z.object({ couponCode: CouponCode }), req.query);
    res.json(await tryingCode(req, res, couponCode, () => deps.checkouts.quote(currentCustomer(res).id, couponCode)));
  });
  router.get('/user/order/checkout/:providerOrderId', deps.auth, async (req, res) => {
    const checkout = await deps.checkouts.mine(currentCustomer(res).id, String(req.params.providerOrderId));
    if (!checkout) throw notFound('No checkout of yours has this payment order id');
    res.json({ checkout } satisfies CheckoutAnswerRecord);
  });
  // The spec's create-order: the paid checkout becomes its order (place-order.ts).
  router.post('/user/cart/create-order', deps.auth, async (req, res) => {
    const { shippingInfo, paymentInfo } = parseInput(CreateOrderInput, req.body);
    const { order, created } = await deps.placeOrder(currentCustomer(res).id, shippingInfo, paymentInfo);
    res.status(created ? 201 : 200).json({ order, success: true } satisfies MyOrderRecord);
  });
  return router;
}
