import type { AppDeps } from '../deps.js';
import { actor, type Declare } from '../http/staff-guard.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { AuditExportQuery, AuditQuery, auditCsv, auditRows } from './query.js';
import { recordAudit } from './record.js';
import type { AuditQuery as AuditQueryContract, AuditListRecord } from '@digitic/rest-contract';

// The contract's query is what this takes.
export type ContractBodies = [Accepts<typeof AuditQuery, AuditQueryContract>];

/** The audit trail under /api/admin/audit, as JSON or as a CSV export (which is itself in the trail). */
export function auditAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'db' | 'lookups'>) {
  const { db, lookups } = deps;
  declare('get', '/admin/audit', 'audit:read', async (req, res) => {
    if (req.accepts(['json', 'text/csv']) === 'text/csv') {
      // An export of the trail is itself in the trail: who took which rows out.
      const query = parseInput(AuditExportQuery, req.query);
      const rows = await auditRows(db, lookups, query);
      // The filter as given, but a look-up's words: those are kept as their key, as the look-up rows keep them.
      const { searchedFor, ...filter } = query;
      await recordAudit(db, actor(req, res), {
        action: 'audit.exported',
        after: { filter: { ...filter, ...(searchedFor ? { searchedForKey: lookups.keyOf(searchedFor) } : {}) }, rows: rows.length },
      });
      res.type('text/csv').attachment('audit.csv').send(auditCsv(rows));
      return;
    }
    res.json({ rows: await auditRows(db, lookups, parseInput(AuditQuery, req.query)) } satisfies AuditListRecord);
  });
}
