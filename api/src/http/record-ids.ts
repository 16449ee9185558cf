import type { NextFunction, Request, Response } from 'express';
import { isUuid } from '../domain/ids.js';
import { notFound } from '../domain/errors.js';

/** What a path's collection holds, for the 404 of an id that names none of them. */
const THINGS: Record<string, string> = {
  staff: 'Staff member',
  orders: 'Order',
  returns: 'Return',
  customers: 'Customer',
  products: 'Product',
  colors: 'Colour',
  coupons: 'Coupon',
  reviews: 'Review',
  enquiries: 'Enquiry',
  replies: 'Reply',
  posts: 'Blog post',
  passkeys: 'Passkey',
};

/** Path parameters that are not record ids, each checked by its route: a synonym's word (search/synonyms.ts), a policy page's slug (policies/policies.ts). */
export const NOT_IDS: ReadonlySet<string> = new Set(['word', 'slug']);

/**
 * Every id in a staff route's path is a record id (a UUID) or names nothing: checked once, at the boundary,
 * for every route, so a malformed one is a 404 naming the thing and never reaches a query (where PostgreSQL
 * would refuse it with a fault). A route with a parameter that is not an id must say so here first.
 */
export function recordIds(path: string) {
  const params = [...path.matchAll(/\/([^/]+)\/:(\w+)/g)]
    .filter(([, , name]) => !NOT_IDS.has(name as string))
    .map(([, collection, name]) => ({ name: name as string, thing: THINGS[collection as string] ?? 'Record' }));
  return (req: Request, _res: Response, next: NextFunction) => {
    for (const p of params) {
      if (!isUuid(req.params[p.name]))
        throw notFound(`${p.thing} not found: “${String(req.params[p.name]).slice(0, 60)}” is not one of its ids`);
    }
    next();
  };
}
