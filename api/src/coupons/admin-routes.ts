import type { AppDeps } from '../deps.js';
import type { CouponBody } from '@digitic/rest-contract';
import { type Accepts, parseInput } from '../http/validate.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { CouponEdit, CouponInput, CouponQuery } from './desk.js';

// The contract's body is what the desk takes.
export type ContractBodies = [Accepts<typeof CouponInput, CouponBody>];

/** The coupons desk under /api/admin/coupons, each route declared with its permission (the staff guard, http/staff-guard.ts, checks them). */
export function couponsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'coupons'>) {
  const { coupons } = deps;
  declare('get', '/admin/coupons', 'coupons:manage', async (req, res) => {
    res.json(await coupons.list(parseInput(CouponQuery, req.query)));
  });
  declare('post', '/admin/coupons', 'coupons:manage', async (req, res) => {
    res.status(201).json(await coupons.create(parseInput(CouponInput, req.body), actor(req, res)));
  });
  declare('get', '/admin/coupons/:id', 'coupons:manage', async (req, res) => {
    res.json(await coupons.get(id(req)));
  });
  declare('put', '/admin/coupons/:id', 'coupons:manage', async (req, res) => {
    res.json(await coupons.update(id(req), parseInput(CouponEdit, req.body), actor(req, res)));
  });
}
