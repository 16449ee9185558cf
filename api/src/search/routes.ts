import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { clientAddress } from '../http/client-address.js';
import { parseInput } from '../http/validate.js';
import { LogBody, OpenedBody } from './log.js';

/** The shopper's side of the search log: a search shown (its answer's ticket), a result of it opened. */
export function searchRoutes(deps: Pick<AppDeps, 'searchLog'>): Router {
  const router = Router();
  router.post('/product/search/log', async (req, res) => {
    res.status(201).json(await deps.searchLog.record(parseInput(LogBody, req.body).ticket, clientAddress(req)));
  });
  router.post('/product/search/opened', async (req, res) => {
    await deps.searchLog.opened(parseInput(OpenedBody, req.body).id);
    res.status(204).end();
  });
  return router;
}
