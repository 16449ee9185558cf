import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { sendPdf } from './routes.js';

/** Tax invoices and credit notes for staff who may read orders: each download is in the audit trail. */
export function taxAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'taxDocuments'>) {
  declare('get', '/admin/tax-documents/:id/pdf', 'orders:read', async (req, res) => {
    sendPdf(res, await deps.taxDocuments.staffPdf(id(req), actor(req, res)));
  });
}
