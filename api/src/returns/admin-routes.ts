import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { type Accepts, parseInput, versionRead } from '../http/validate.js';
import { ReturnListQuery } from './service.js';
import type {
  MoveReturnBody,
  RefundReturnBody,
  ReturnListQuery as ReturnListQueryContract,
  ReturnListRecord,
  ReturnDeskRecord,
} from '@digitic/rest-contract';

const ReturnMove = z.object({
  to: z.string().max(40),
  version: versionRead('return'),
  note: z.string().max(1000, 'The note is at most 1000 characters').nullish(),
});
const ReturnRefund = z.object({
  version: versionRead('return'),
  restock: z.boolean({ error: 'restock says whether the returned units go back in stock' }),
});

// The contract's bodies are what these take.
export type ContractBodies = [
  Accepts<typeof ReturnMove, MoveReturnBody>,
  Accepts<typeof ReturnRefund, RefundReturnBody>,
  Accepts<typeof ReturnListQuery, ReturnListQueryContract>,
];

/** The returns desk under /api/admin/returns, each route declared with its permission. */
export function returnsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'returns'>) {
  const { returns } = deps;
  declare('get', '/admin/returns', 'returns:manage', async (req, res) => {
    res.json((await returns.list(parseInput(ReturnListQuery, req.query))) satisfies ReturnListRecord);
  });
  declare('get', '/admin/returns/:id', 'returns:manage', async (req, res) => {
    res.json((await returns.detail(id(req))) satisfies ReturnDeskRecord);
  });
  declare('post', '/admin/returns/:id/status', 'returns:manage', async (req, res) => {
    res.json((await returns.move(id(req), parseInput(ReturnMove, req.body), actor(req, res))) satisfies ReturnDeskRecord);
  });
  declare('post', '/admin/returns/:id/refund', 'orders:refund', async (req, res) => {
    res.json((await returns.refund(id(req), parseInput(ReturnRefund, req.body), actor(req, res))) satisfies ReturnDeskRecord);
  });
}
