import type { SalesReportRecord } from '@digitic/rest-contract';
import type { AppDeps } from '../deps.js';
import { parseInput } from '../http/validate.js';
import type { Declare } from '../http/staff-guard.js';
import { SalesReportQuery, salesReport } from './sales.js';

/** The reports under /api/admin/reports (reports:read: the owner and managers; not who packs or answers). */
export function reportsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'db'>) {
  declare('get', '/admin/reports/sales', 'reports:read', async (req, res) => {
    const { days } = parseInput(SalesReportQuery, req.query);
    res.json((await salesReport(deps.db, days)) satisfies SalesReportRecord);
  });
}
