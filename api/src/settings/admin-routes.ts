import type { ShopSettingsBody } from '@digitic/rest-contract';
import type { AppDeps } from '../deps.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { actor, type Declare } from '../http/staff-guard.js';
import { ShopSettingsInput } from './settings.js';

// The contract's body is what a save takes.
export type ContractBodies = [Accepts<typeof ShopSettingsInput, ShopSettingsBody>];

/** The owner's screen under /api/admin/settings (settings:manage: the owner alone). */
export function settingsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'settings'>) {
  declare('get', '/admin/settings', 'settings:manage', async (_req, res) => {
    res.json(await deps.settings.get());
  });
  declare('put', '/admin/settings', 'settings:manage', async (req, res) => {
    res.json(await deps.settings.update(parseInput(ShopSettingsInput, req.body), actor(req, res)));
  });
}
