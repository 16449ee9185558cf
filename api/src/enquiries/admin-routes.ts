import type { AssigneeListRecord } from '@digitic/rest-contract';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@digitic/shop-rules';
import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { parseInput } from '../http/validate.js';
import { EnquiryQuery, EnquiryUpdate, NoteInput, ReplyInput } from './desk-schemas.js';

/** The roles that may answer enquiries: whom an enquiry may be assigned to. */
const ANSWERERS = STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('enquiries:manage'));

/** The enquiries inbox under /api/admin/enquiries, each route declared with its permission. */
export function enquiriesAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'enquiriesDesk'>) {
  const { enquiriesDesk } = deps;
  declare('get', '/admin/enquiries', 'enquiries:manage', async (req, res, me) => {
    res.json(await enquiriesDesk.list(parseInput(EnquiryQuery, req.query), me.id, actor(req, res)));
  });
  declare('get', '/admin/enquiries/assignees', 'enquiries:manage', async (_req, res) => {
    res.json({ assignees: await enquiriesDesk.assignees(ANSWERERS) } satisfies AssigneeListRecord);
  });
  declare('get', '/admin/enquiries/:id', 'enquiries:manage', async (req, res) => {
    res.json(await enquiriesDesk.get(id(req)));
  });
  declare('put', '/admin/enquiries/:id', 'enquiries:manage', async (req, res) => {
    res.json(await enquiriesDesk.update(id(req), parseInput(EnquiryUpdate, req.body), actor(req, res), ANSWERERS));
  });
  declare('post', '/admin/enquiries/:id/notes', 'enquiries:manage', async (req, res) => {
    res.status(201).json(await enquiriesDesk.addNote(id(req), parseInput(NoteInput, req.body).note, actor(req, res)));
  });
  declare('post', '/admin/enquiries/:id/replies/:eventId/resend', 'enquiries:manage', async (req, res, me) => {
    res.json(await enquiriesDesk.resend(id(req), String(req.params.eventId).toLowerCase(), actor(req, res), me.name || me.email));
  });
  declare('post', '/admin/enquiries/:id/replies', 'enquiries:manage', async (req, res, me) => {
    const { message } = parseInput(ReplyInput, req.body);
    res.status(201).json(await enquiriesDesk.reply(id(req), message, actor(req, res), me.name || me.email));
  });
}
