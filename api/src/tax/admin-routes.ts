import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { waitMinutes } from '../auth/reserve-all.js';
import { countDownload, DOWNLOAD_LIMITS, sendPdf } from './routes.js';

/** Tax invoices and credit notes for staff who may read orders: each download is in the audit trail. */
export function taxAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'taxDocuments' | 'attempts'>) {
  declare('get', '/admin/tax-documents/:id/pdf', 'orders:read', async (req, res) => {
    const who = actor(req, res);
    await countDownload(
      deps.attempts,
      {
        key: `tax-pdf-staff:${who.id}`,
        rule: DOWNLOAD_LIMITS.perStaff,
        refusal: (ms) => `Too many downloads of tax documents: please try again in ${waitMinutes(ms)}.`,
      },
      // Per member only: staff sign in and every download is audited; an office's many staff share one address.
      null,
    );
    sendPdf(res, await deps.taxDocuments.staffPdf(id(req), who));
  });
}
