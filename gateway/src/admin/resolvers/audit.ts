import type { AuditQuery } from '@digitic/rest-contract';
import type { AuditFilter, Resolvers } from '../__generated__/resolvers-types.js';

/** The filter's fields that are given, as the api's query names them (an actor kind it does not know is refused there). */
function auditQuery(filter: AuditFilter | null | undefined): AuditQuery {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter ?? {})) if (typeof v === 'string' && v) query[k] = v;
  return query;
}

/** The audit trail, page by page or as CSV. */
export const audit: Resolvers = {
  Query: {
    auditLog: async (_root, { filter, before, pageSize }, { api }) =>
      (await api.audit.rows({ pageSize: pageSize ?? 50, ...auditQuery(filter), ...(before ? { before } : {}) })).rows,
    auditCsv: (_root, { filter }, { api }) => api.audit.csv(auditQuery(filter)),
  },
  AuditEntry: {
    subjectKind: (r) => r.subject?.kind ?? null,
    subjectId: (r) => r.subject?.id ?? null,
  },
};
