import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import type { CouponBody } from '@digitic/rest-contract';
import { type Accepts, parseInput } from '../http/validate.js';
import type { Declare } from '../staff/route-types.js';
import { type RequestFacts, staffActor } from '../staff/service.js';
import { CouponEdit, CouponInput, CouponQuery } from './coupons.js';

// The contract's body is what the desk takes.
export type ContractBodies = [Accepts<typeof CouponInput, CouponBody>];

/** The coupons desk under /api/admin/coupons, each route declared with its permission (staff/routes.ts guards them). */
export function couponRoutes(declare: Declare, deps: Pick<AppDeps, 'coupons'>, facts: (req: Request, res: Response) => RequestFacts) {
  const { coupons } = deps;
  const id = (req: Request) => String(req.params.id).toLowerCase();
  declare('get', '/admin/coupons', 'coupons:manage', async (req, res) => {
    res.json(await coupons.list(parseInput(CouponQuery, req.query)));
  });
  declare('post', '/admin/coupons', 'coupons:manage', async (req, res, me) => {
    res.status(201).json(await coupons.create(parseInput(CouponInput, req.body), staffActor(me, facts(req, res))));
  });
  declare('get', '/admin/coupons/:id', 'coupons:manage', async (req, res) => {
    res.json(await coupons.get(id(req)));
  });
  declare('put', '/admin/coupons/:id', 'coupons:manage', async (req, res, me) => {
    res.json(await coupons.update(id(req), parseInput(CouponEdit, req.body), staffActor(me, facts(req, res))));
  });
}
