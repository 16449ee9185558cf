import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { type Accepts, parseInput, versionRead } from '../http/validate.js';
import { RefundInput, RefundQuoteInput } from './desk.js';
import { OrderListQuery } from './desk-list.js';
import type {
  MoveOrderBody,
  OrderListQuery as OrderListQueryContract,
  OrderNoteBody,
  RefundOrderBody,
  RefundQuoteBody,
  AdminRefundQuote,
  StaffCancelOrderBody,
  OrderListRecord,
  AdminOrderRecord,
  DashboardRecord,
} from '@digitic/rest-contract';

const Move = z.object({
  to: z.string().max(40),
  version: versionRead('order'),
  shipment: z
    .object({ carrier: z.string().max(200), trackingNumber: z.string().max(200), trackingUrl: z.string().max(2000).nullish() })
    .optional(),
});
const Cancel = z.object({
  version: versionRead('order'),
  reason: z.string().max(500, 'The reason is at most 500 characters'),
});
const Note = z.object({ note: z.string().trim().min(1, 'The note is empty').max(2000, 'A note is at most 2000 characters') });

// The contract's bodies are what these take.
export type ContractBodies = [
  Accepts<typeof Move, MoveOrderBody>,
  Accepts<typeof Cancel, StaffCancelOrderBody>,
  Accepts<typeof RefundInput, RefundOrderBody>,
  Accepts<typeof RefundQuoteInput, RefundQuoteBody>,
  Accepts<typeof RefundQuoteInput, RefundOrderBody>,
  Accepts<typeof Note, OrderNoteBody>,
  Accepts<typeof OrderListQuery, OrderListQueryContract>,
];

/** The order desk under /api/admin/orders (and the day's dashboard), each route declared with its permission. */
export function ordersAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'ordersDesk'>) {
  const { ordersDesk } = deps;
  declare('get', '/admin/orders', 'orders:read', async (req, res) => {
    res.json((await ordersDesk.list(parseInput(OrderListQuery, req.query), actor(req, res))) satisfies OrderListRecord);
  });
  declare('get', '/admin/orders/:id', 'orders:read', async (req, res) => {
    res.json((await ordersDesk.get(id(req))) satisfies AdminOrderRecord);
  });
  declare('post', '/admin/orders/:id/status', 'orders:fulfil', async (req, res) => {
    res.json((await ordersDesk.move(id(req), parseInput(Move, req.body), actor(req, res))) satisfies AdminOrderRecord);
  });
  declare('post', '/admin/orders/:id/cancel', 'orders:refund', async (req, res) => {
    res.json((await ordersDesk.cancel(id(req), parseInput(Cancel, req.body), actor(req, res))) satisfies AdminOrderRecord);
  });
  declare('post', '/admin/orders/:id/refunds', 'orders:refund', async (req, res) => {
    res.status(201).json((await ordersDesk.refund(id(req), parseInput(RefundInput, req.body), actor(req, res))) satisfies AdminOrderRecord);
  });
  // Reads, but POST: it takes the refund's body (lines and all). Writes nothing.
  declare('post', '/admin/orders/:id/refund-quote', 'orders:refund', async (req, res) => {
    res.json((await ordersDesk.refundQuote(id(req), parseInput(RefundQuoteInput, req.body))) satisfies AdminRefundQuote);
  });
  declare('get', '/admin/dashboard', 'orders:read', async (_req, res) => {
    res.json((await ordersDesk.dashboard()) satisfies DashboardRecord);
  });

  declare('post', '/admin/orders/:id/notes', 'orders:annotate', async (req, res) => {
    res.status(201).json((await ordersDesk.addNote(id(req), parseInput(Note, req.body).note, actor(req, res))) satisfies AdminOrderRecord);
  });
}
