import type { PolicyBody, PolicyDeskRecord, PolicyRecord } from '@digitic/rest-contract';
import type { AppDeps } from '../deps.js';
import { actor, type Declare } from '../http/staff-guard.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { PolicyInput } from './policies.js';

// The contract's body is what a save takes.
export type ContractBodies = [Accepts<typeof PolicyInput, PolicyBody>];

/** The policy pages under /api/admin/policies (settings:manage: the owner alone writes the shop's terms). */
export function policiesAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'policies'>) {
  declare('get', '/admin/policies', 'settings:manage', async (_req, res) => {
    res.json((await deps.policies.list()) satisfies PolicyRecord[]);
  });
  declare('get', '/admin/policies/:slug', 'settings:manage', async (req, res) => {
    res.json((await deps.policies.desk(String(req.params.slug))) satisfies PolicyDeskRecord);
  });
  declare('put', '/admin/policies/:slug', 'settings:manage', async (req, res) => {
    res.json(
      (await deps.policies.save(String(req.params.slug), parseInput(PolicyInput, req.body), actor(req, res))) satisfies PolicyDeskRecord,
    );
  });
}
