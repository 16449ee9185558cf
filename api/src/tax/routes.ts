import { type Response, Router } from 'express';
import { currentCustomer } from '../auth/middleware.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

/** A PDF answered as a download that no cache keeps (it names a customer). */
export function sendPdf(res: Response, file: { name: string; bytes: Buffer }) {
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'Cache-Control': 'private, no-store',
    })
    .send(file.bytes);
}

/** A shopper's tax invoices and credit notes, as PDFs: only the order's own customer gets them. */
export function taxRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/user/tax-documents/:id/pdf', deps.auth, async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound('No such tax invoice or credit note');
    sendPdf(res, await deps.taxDocuments.minePdf(currentCustomer(res).id, id.toLowerCase()));
  });
  return router;
}
