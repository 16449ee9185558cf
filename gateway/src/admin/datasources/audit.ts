import type { AuditListRecord, AuditQuery } from '@digitic/rest-contract';
import type { StaffUpstream } from './upstream.js';

/** The audit trail: rows as JSON, or the same filters exported as CSV (an export the api audits in turn). */
export class AuditApi {
  constructor(private readonly upstream: StaffUpstream) {}

  rows = (query: AuditQuery) => this.upstream.get<AuditListRecord, AuditQuery>('admin/audit', query);
  csv = (query: AuditQuery) =>
    this.upstream.data<string>({ url: 'admin/audit', params: query, headers: { Accept: 'text/csv' }, responseType: 'text' });
}
