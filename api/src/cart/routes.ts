import type { AddToCartBody } from '@digitic/rest-contract';
import { type Request, Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { badRequest } from '../domain/errors.js';
import { type Accepts, isUuid, parseInput, pathId } from '../http/validate.js';
import { QUANTITY, QUANTITY_RULE } from '@digitic/shop-rules';

// In a JSON body the quantity is a JSON number ("1" is refused); in a path it is digits, read as a number.
const quantity = z.number({ error: QUANTITY_RULE }).int(QUANTITY_RULE).min(QUANTITY.min, QUANTITY_RULE).max(QUANTITY.max, QUANTITY_RULE);
const pathQuantity = z.coerce.number().pipe(quantity);
const id = (name: string, message: string) =>
  z
    .string({ error: `${name} is required` })
    .refine(isUuid, message)
    .transform((v) => v.toLowerCase());

// `price` may be sent (the spec's client does) but is never read: the product's own price counts.
const AddInput = z.object({
  productId: id('productId', 'productId is not a product id'),
  color: id('color', 'Please choose Color'),
  quantity,
});

// The contract's body is what this takes.
export type ContractBodies = [Accepts<typeof AddInput, AddToCartBody>];

const option = (req: Request, name: string, value: string): boolean => {
  const given = req.query[name];
  if (given === undefined) return false;
  if (given === value) return true;
  throw badRequest(`${name} must be "${value}" (or left out)`, name);
};

/**
 * What a cart call answers with, beyond the contract's shapes: `?return=cart` on a write asks for
 * the caller's whole cart (the shape of GET user/cart) instead of the line, and `?expand=product`
 * puts each line's product whole in `productId`. With both, a client that shows the cart after a
 * change needs this one call.
 */
function answer(req: Request) {
  return { cart: req.method !== 'GET' && option(req, 'return', 'cart'), wholeProducts: option(req, 'expand', 'product') };
}

export function cartRoutes(deps: AppDeps): Router {
  const { cart } = deps;
  const router = Router();
  router.post('/user/cart', deps.auth, async (req, res) => {
    const wanted = answer(req);
    const customerId = currentCustomer(res).id;
    const line = await cart.add(customerId, parseInput(AddInput, req.body));
    res.status(201).json(wanted.cart ? await cart.lines(customerId, wanted.wholeProducts) : line);
  });
  router.get('/user/cart', deps.auth, async (req, res) => {
    res.json(await cart.lines(currentCustomer(res).id, answer(req).wholeProducts));
  });
  router.delete('/user/delete-product-cart/:id', deps.auth, async (req, res) => {
    const wanted = answer(req);
    const customerId = currentCustomer(res).id;
    const removed = await cart.remove(customerId, pathId(req.params.id, 'Cart line'));
    res.json(wanted.cart ? await cart.lines(customerId, wanted.wholeProducts) : removed);
  });
  router.delete('/user/update-product-cart/:id/:quantity', deps.auth, async (req, res) => {
    const lineId = pathId(req.params.id, 'Cart line');
    const parsed = pathQuantity.safeParse(/^\d+$/.test(String(req.params.quantity)) ? req.params.quantity : Number.NaN);
    if (!parsed.success) throw badRequest(QUANTITY_RULE, 'quantity');
    const wanted = answer(req);
    const customerId = currentCustomer(res).id;
    const line = await cart.setQuantity(customerId, lineId, parsed.data);
    res.json(wanted.cart ? await cart.lines(customerId, wanted.wholeProducts) : line);
  });
  router.delete('/user/empty-cart', deps.auth, async (_req, res) => {
    res.json(await cart.empty(currentCustomer(res).id));
  });
  return router;
}
