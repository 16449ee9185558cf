import { type Response, Router } from 'express';
import { currentCustomer } from '../auth/middleware.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import type { AttemptRule, AttemptWindows } from '../auth/attempts.js';
import { type Counter, reserveAll, waitMinutes } from '../auth/reserve-all.js';
import { clientAddress } from '../http/client-address.js';

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

/**
 * Downloads of tax documents in ten minutes: a person opens a few, an accountant a few dozen; a script asking for
 * the same PDF again and again is turned away before the api reads it (the PDF is drawn once and kept: stored-pdf.ts).
 */
export const DOWNLOAD_LIMITS = {
  perAccount: { limit: 30, windowMs: 10 * 60_000 },
  perAddress: { limit: 60, windowMs: 10 * 60_000 },
  perStaff: { limit: 120, windowMs: 10 * 60_000 },
} satisfies Record<string, AttemptRule>;

const tooMany = (ms: number) => `Too many downloads of tax documents: please try again in ${waitMinutes(ms)}.`;

/** Takes a download's place in each of `who`'s counters (the account or staff member, and the client address), or refuses 429. */
export async function countDownload(attempts: AttemptWindows, who: Counter, address: string | null): Promise<void> {
  await reserveAll(attempts, [
    who,
    ...(address ? [{ key: `tax-pdf-address:${address}`, rule: DOWNLOAD_LIMITS.perAddress, refusal: tooMany }] : []),
  ]);
}

/** A shopper's tax invoices and credit notes, as PDFs: only the order's own customer gets them. */
export function taxRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/user/tax-documents/:id/pdf', deps.auth, async (req, res) => {
    const id = String(req.params.id);
    if (!isUuid(id)) throw notFound('No such tax invoice or credit note');
    const customerId = currentCustomer(res).id;
    await countDownload(
      deps.attempts,
      { key: `tax-pdf-account:${customerId}`, rule: DOWNLOAD_LIMITS.perAccount, refusal: tooMany },
      clientAddress(req),
    );
    sendPdf(res, await deps.taxDocuments.minePdf(customerId, id.toLowerCase()));
  });
  return router;
}
