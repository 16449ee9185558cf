import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { CustomerLookup } from './desk.js';
import type { CustomerLookupQuery, CustomerListRecord, StaffCustomerRecord } from '@digitic/rest-contract';

// The contract's query is what this takes.
export type ContractBodies = [Accepts<typeof CustomerLookup, CustomerLookupQuery>];

/** The customers desk under /api/admin/customers: looking a customer up is itself audited. */
export function customersAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'customersDesk'>) {
  const { customersDesk } = deps;
  declare('get', '/admin/customers', 'customers:read', async (req, res) => {
    res.json({
      customers: await customersDesk.lookup(parseInput(CustomerLookup, req.query).q, actor(req, res)),
    } satisfies CustomerListRecord);
  });
  declare('get', '/admin/customers/:id', 'customers:read', async (req, res) => {
    res.json((await customersDesk.get(id(req), actor(req, res))) satisfies StaffCustomerRecord);
  });
}
