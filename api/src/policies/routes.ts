import type { PolicyRecord } from '@digitic/rest-contract';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';

/** GET /api/policies/:slug: a policy page's latest version (public: the storefront shows it). */
export function policiesRoutes(deps: Pick<AppDeps, 'policies'>) {
  const router = Router();
  router.get('/policies/:slug', async (req, res) => {
    res.json((await deps.policies.get(String(req.params.slug))) satisfies PolicyRecord);
  });
  return router;
}
