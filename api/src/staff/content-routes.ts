import type { Request, Response } from 'express';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@digitic/shop-rules';
import type { AppDeps } from '../deps.js';
import { parseInput } from '../http/validate.js';
import { EnquiryQuery, EnquiryUpdate, NoteInput, ReplyInput } from '../enquiries/inbox.js';
import { HideInput, RestoreInput, ReviewQuery } from '../reviews/moderation.js';
import { BlogPostEdit, BlogPostInput, BlogPostQuery, BlogVersion } from '../blogs/desk.js';
import type { Declare } from './route-types.js';
import { type RequestFacts, type StaffPrincipal, staffActor } from './service.js';
import type { ModeratedReviewRecord } from '@digitic/rest-contract';

/** The roles that may answer enquiries: whom an enquiry may be assigned to. */
const ANSWERERS = STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('enquiries:manage'));

/** Review moderation (/api/admin/reviews) and the enquiries inbox (/api/admin/enquiries), each route declared with its permission. */
export function contentRoutes(
  declare: Declare,
  deps: Pick<AppDeps, 'reviewsDesk' | 'enquiriesDesk' | 'blogDesk'>,
  facts: (req: Request, res: Response) => RequestFacts,
) {
  const { reviewsDesk, enquiriesDesk, blogDesk } = deps;
  const id = (req: Request) => String(req.params.id).toLowerCase();

  // A review's author's e-mail is a customer's detail: shown to moderators who may look customers up.
  const shown = (me: StaffPrincipal) => (r: ModeratedReviewRecord) =>
    me.permissions.includes('customers:read') ? r : { ...r, customer: { ...r.customer, email: null } };
  declare('get', '/admin/reviews', 'reviews:moderate', async (req, res, me) => {
    const list = await reviewsDesk.list(parseInput(ReviewQuery, req.query), staffActor(me, facts(req, res)));
    res.json({ ...list, reviews: list.reviews.map(shown(me)) });
  });
  declare('get', '/admin/reviews/:id', 'reviews:moderate', async (req, res, me) => {
    res.json(shown(me)(await reviewsDesk.get(id(req))));
  });
  declare('post', '/admin/reviews/:id/hide', 'reviews:moderate', async (req, res, me) => {
    res.json(shown(me)(await reviewsDesk.hide(id(req), parseInput(HideInput, req.body), staffActor(me, facts(req, res)))));
  });
  declare('post', '/admin/reviews/:id/restore', 'reviews:moderate', async (req, res, me) => {
    res.json(shown(me)(await reviewsDesk.restore(id(req), parseInput(RestoreInput, req.body), staffActor(me, facts(req, res)))));
  });

  declare('get', '/admin/content/posts', 'content:write', async (req, res) => {
    res.json(await blogDesk.list(parseInput(BlogPostQuery, req.query)));
  });
  declare('post', '/admin/content/posts', 'content:write', async (req, res, me) => {
    res.status(201).json(await blogDesk.create(parseInput(BlogPostInput, req.body), staffActor(me, facts(req, res))));
  });
  declare('get', '/admin/content/posts/:id', 'content:write', async (req, res) => {
    res.json(await blogDesk.get(id(req)));
  });
  declare('put', '/admin/content/posts/:id', 'content:write', async (req, res, me) => {
    res.json(await blogDesk.update(id(req), parseInput(BlogPostEdit, req.body), staffActor(me, facts(req, res))));
  });
  declare('post', '/admin/content/posts/:id/publish', 'content:write', async (req, res, me) => {
    res.json(await blogDesk.publish(id(req), parseInput(BlogVersion, req.body).version, staffActor(me, facts(req, res))));
  });
  declare('post', '/admin/content/posts/:id/unpublish', 'content:write', async (req, res, me) => {
    res.json(await blogDesk.unpublish(id(req), parseInput(BlogVersion, req.body).version, staffActor(me, facts(req, res))));
  });

  declare('get', '/admin/enquiries', 'enquiries:manage', async (req, res, me) => {
    res.json(await enquiriesDesk.list(parseInput(EnquiryQuery, req.query), me.id, staffActor(me, facts(req, res))));
  });
  declare('get', '/admin/enquiries/assignees', 'enquiries:manage', async (_req, res) => {
    res.json({ assignees: await enquiriesDesk.assignees(ANSWERERS) });
  });
  declare('get', '/admin/enquiries/:id', 'enquiries:manage', async (req, res) => {
    res.json(await enquiriesDesk.get(id(req)));
  });
  declare('put', '/admin/enquiries/:id', 'enquiries:manage', async (req, res, me) => {
    res.json(await enquiriesDesk.update(id(req), parseInput(EnquiryUpdate, req.body), staffActor(me, facts(req, res)), ANSWERERS));
  });
  declare('post', '/admin/enquiries/:id/notes', 'enquiries:manage', async (req, res, me) => {
    res.status(201).json(await enquiriesDesk.addNote(id(req), parseInput(NoteInput, req.body).note, staffActor(me, facts(req, res))));
  });
  declare('post', '/admin/enquiries/:id/replies/:eventId/resend', 'enquiries:manage', async (req, res, me) => {
    res.json(
      await enquiriesDesk.resend(id(req), String(req.params.eventId).toLowerCase(), staffActor(me, facts(req, res)), me.name || me.email),
    );
  });
  declare('post', '/admin/enquiries/:id/replies', 'enquiries:manage', async (req, res, me) => {
    const { message } = parseInput(ReplyInput, req.body);
    res.status(201).json(await enquiriesDesk.reply(id(req), message, staffActor(me, facts(req, res)), me.name || me.email));
  });
}
