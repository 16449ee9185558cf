import type { PublicShopSettingsRecord } from '@digitic/rest-contract';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';

/**
 * GET /api/shop-settings: what the owner saved, and the seller the tax invoices name (public: the storefront
 * discloses both, as the Consumer Protection (E-Commerce) Rules ask).
 */
export function settingsRoutes(deps: Pick<AppDeps, 'settings' | 'config'>) {
  const router = Router();
  router.get('/shop-settings', async (_req, res) => {
    // Read by each gateway when the change log says the settings changed, not per page: never cached on the way.
    const { legalName, address, state, gstin, demo } = deps.config.seller;
    const answer = {
      ...(await deps.settings.get()),
      seller: { legalName, address, state, gstin, demo },
    } satisfies PublicShopSettingsRecord;
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
