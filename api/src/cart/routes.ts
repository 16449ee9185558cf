import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { badRequest } from '../http/errors.js';
import { isUuid, parseInput, pathId } from '../http/validate.js';
import { QUANTITY, QUANTITY_RULE } from '@digitic/shop-rules';
import { cartService } from './service.js';

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

export function cartRoutes(deps: AppDeps): Router {
  const cart = cartService(deps.db);
  const router = Router();
  router.post('/user/cart', deps.auth, async (req, res) => {
    res.status(201).json(await cart.add(currentCustomer(res).id, parseInput(AddInput, req.body)));
  });
  router.get('/user/cart', deps.auth, async (_req, res) => {
    res.json(await cart.lines(currentCustomer(res).id));
  });
  router.delete('/user/delete-product-cart/:id', deps.auth, async (req, res) => {
    res.json(await cart.remove(currentCustomer(res).id, pathId(req.params.id, 'Cart line')));
  });
  router.delete('/user/update-product-cart/:id/:quantity', deps.auth, async (req, res) => {
    const lineId = pathId(req.params.id, 'Cart line');
    const parsed = pathQuantity.safeParse(/^\d+$/.test(String(req.params.quantity)) ? req.params.quantity : Number.NaN);
    if (!parsed.success) throw badRequest(QUANTITY_RULE, 'quantity');
    res.json(await cart.setQuantity(currentCustomer(res).id, lineId, parsed.data));
  });
  router.delete('/user/empty-cart', deps.auth, async (_req, res) => {
    res.json(await cart.empty(currentCustomer(res).id));
  });
  return router;
}
