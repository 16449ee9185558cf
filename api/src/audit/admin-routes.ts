import type { AppDeps } from '../deps.js';
import { actor, type Declare } from '../http/staff-guard.js';
import { type Accepts, parseInput } from '../http/validate.js';
import type { Request, Response } from 'express';
import { personalQuery } from './lookup.js';
import { AuditExportQuery, AuditQuery, type AuditRow, auditCsv, auditRows } from './query.js';
import { recordAudit } from './record.js';
import type { AuditQuery as AuditQueryContract, AuditListRecord } from '@digitic/rest-contract';

// The contract's query is what this takes.
export type ContractBodies = [Accepts<typeof AuditQuery, AuditQueryContract>];

/** The audit trail under /api/admin/audit, as JSON or as a CSV export (which is itself in the trail). */
export function auditAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'db' | 'lookups'>) {
  const { db, lookups } = deps;
  /** Asking the trail who looked a person up is a look-up of that person too: it is in the trail by the same rule. */
  const recordSearch = (req: Request, res: Response, words: string, rows: readonly AuditRow[]) =>
    lookups.record(db, actor(req, res), {
      what: 'audit',
      query: words,
      by: personalQuery(words)?.by ?? 'text',
      found: rows.length,
      ids: rows.map((r) => r.id),
    });
  declare('get', '/admin/audit', 'audit:read', async (req, res) => {
    if (req.accepts(['json', 'text/csv']) === 'text/csv') {
      // An export of the trail is itself in the trail: who took which rows out.
      const query = parseInput(AuditExportQuery, req.query);
      const rows = await auditRows(db, lookups, query);
      if (query.searchedFor) await recordSearch(req, res, query.searchedFor, rows);
      // The filter as given, but a look-up's words: those are kept as their key, as the look-up rows keep them.
      const { searchedFor, ...filter } = query;
      await recordAudit(db, actor(req, res), {
        action: 'audit.exported',
        after: { filter: { ...filter, ...(searchedFor ? { searchedForKey: lookups.keyOf(searchedFor) } : {}) }, rows: rows.length },
      });
      res.type('text/csv').attachment('audit.csv').send(auditCsv(rows));
      return;
    }
    const query = parseInput(AuditQuery, req.query);
    const rows = await auditRows(db, lookups, query);
    if (query.searchedFor) await recordSearch(req, res, query.searchedFor, rows);
    res.json({ rows } satisfies AuditListRecord);
  });
}
