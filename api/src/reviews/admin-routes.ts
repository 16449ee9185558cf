import type { ModeratedReviewListRecord, ModeratedReviewRecord } from '@digitic/rest-contract';
import type { StaffPrincipal } from '../auth/staff-principal.js';
import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { parseInput } from '../http/validate.js';
import { HideInput, RestoreInput, ReviewQuery } from './desk.js';

/** Review moderation under /api/admin/reviews, each route declared with its permission. */
export function reviewsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'reviewsDesk'>) {
  const { reviewsDesk } = deps;
  // A review's author's e-mail is a customer's detail: shown to moderators who may look customers up.
  const shown = (me: StaffPrincipal) => (r: ModeratedReviewRecord) =>
    me.permissions.includes('customers:read') ? r : { ...r, customer: { ...r.customer, email: null } };
  declare('get', '/admin/reviews', 'reviews:moderate', async (req, res, me) => {
    const list = await reviewsDesk.list(parseInput(ReviewQuery, req.query), actor(req, res));
    res.json({ ...list, reviews: list.reviews.map(shown(me)) } satisfies ModeratedReviewListRecord);
  });
  declare('get', '/admin/reviews/:id', 'reviews:moderate', async (req, res, me) => {
    res.json(shown(me)(await reviewsDesk.get(id(req))));
  });
  declare('post', '/admin/reviews/:id/hide', 'reviews:moderate', async (req, res, me) => {
    res.json(shown(me)(await reviewsDesk.hide(id(req), parseInput(HideInput, req.body), actor(req, res))));
  });
  declare('post', '/admin/reviews/:id/restore', 'reviews:moderate', async (req, res, me) => {
    res.json(shown(me)(await reviewsDesk.restore(id(req), parseInput(RestoreInput, req.body), actor(req, res))));
  });
}
