import { isUuid } from '../domain/ids.js';
import type { MyOrderRecord, MyOrdersRecord } from '@digitic/rest-contract';
import { type Request, type Response, Router } from 'express';
import { notFound } from '../domain/errors.js';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { parseInput } from '../http/validate.js';
import { shopper } from '../audit/actor.js';
import { ReturnRequestInput } from '../returns/service.js';
import { CancelOrderInput } from './schemas.js';

/** The order id of the path: anything that is not one is an order that is not found. */
function orderId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw notFound('Order not found');
  return id.toLowerCase();
}

export function ordersRoutes(deps: AppDeps): Router {
  const { orders, cancels, returns } = deps;
  const asShopper = (req: Request, res: Response) =>
    shopper(currentCustomer(res).id, { address: req.ip ?? null, requestId: (res.locals.requestId as string | undefined) ?? null });
  const router = Router();

  router.get('/user/getmyorders', deps.auth, async (_req, res) => {
    res.json({ orders: await orders.myOrders(currentCustomer(res).id) } satisfies MyOrdersRecord);
  });
  // After the sale: the shopper cancels before the parcel ships, or asks for a return within the window.
  router.get('/user/orders/:id', deps.auth, async (req, res) => {
    res.json({ order: await orders.mine(currentCustomer(res).id, orderId(req)) } satisfies MyOrderRecord);
  });
  router.post('/user/orders/:id/cancel', deps.auth, async (req, res) => {
    const { reason } = parseInput(CancelOrderInput, req.body ?? {});
    const customerId = currentCustomer(res).id;
    const id = orderId(req);
    await cancels.cancel(id, { actor: asShopper(req, res), customerId, reason });
    res.json({ order: await orders.mine(customerId, id), success: true } satisfies MyOrderRecord);
  });
  router.post('/user/orders/:id/returns', deps.auth, async (req, res) => {
    const customerId = currentCustomer(res).id;
    const id = orderId(req);
    const made = await returns.request(customerId, id, parseInput(ReturnRequestInput, req.body), asShopper(req, res));
    // A return marked a complaint: its receipt e-mailed with the ticket (shown in My Orders too).
    const complaint = await deps.complaints.of({ returnId: made.id });
    if (complaint) await deps.complaints.sendReceipt(made.customer, complaint.ticket, new Date(complaint.receivedAt));
    res.status(201).json({ order: await orders.mine(customerId, id), success: true } satisfies MyOrderRecord);
  });
  return router;
}
