import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { parseInput } from '../http/validate.js';
import { CreateOrderInput } from './schemas.js';

export function ordersRoutes(deps: AppDeps): Router {
  const { orders } = deps;
  const router = Router();

  router.post('/user/cart/create-order', deps.auth, async (req, res) => {
    const { shippingInfo, paymentInfo } = parseInput(CreateOrderInput, req.body);
    const { order, created } = await orders.create(currentCustomer(res).id, shippingInfo, paymentInfo);
    res.status(created ? 201 : 200).json({ order, success: true });
  });
  router.get('/user/getmyorders', deps.auth, async (_req, res) => {
    res.json({ orders: await orders.myOrders(currentCustomer(res).id) });
  });
  return router;
}
