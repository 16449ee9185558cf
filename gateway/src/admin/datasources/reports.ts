import type { SalesReportQuery, SalesReportRecord } from '@digitic/rest-contract';
import type { StaffUpstream } from './upstream.js';

/** The reports (reports:read). */
export class ReportsApi {
  constructor(private readonly upstream: StaffUpstream) {}

  sales = (days: number) => this.upstream.get<SalesReportRecord, SalesReportQuery>('admin/reports/sales', { days });
}
