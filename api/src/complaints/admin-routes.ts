import type { ComplaintListRecord } from '@digitic/rest-contract';
import type { AppDeps } from '../deps.js';
import type { Declare } from '../http/staff-guard.js';
import { parseInput } from '../http/validate.js';
import { ComplaintQuery } from './complaints.js';

/** The complaints under /api/admin/complaints (enquiries:manage: customer care), with their deadlines. */
export function complaintsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'complaints'>) {
  declare('get', '/admin/complaints', 'enquiries:manage', async (req, res) => {
    res.json((await deps.complaints.list(parseInput(ComplaintQuery, req.query))) satisfies ComplaintListRecord);
  });
}
