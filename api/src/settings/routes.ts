import { Router } from 'express';
import type { AppDeps } from '../deps.js';

/** GET /api/shop-settings: what the owner saved (public: it is what the storefront shows). */
export function settingsRoutes(deps: Pick<AppDeps, 'settings'>) {
  const router = Router();
  router.get('/shop-settings', async (_req, res) => {
    // Read by each gateway when the change log says the settings changed, not per page: never cached on the way.
    res.set('Cache-Control', 'no-store').json(await deps.settings.get());
  });
  return router;
}
