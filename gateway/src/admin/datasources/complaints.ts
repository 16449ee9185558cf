import type { ComplaintListRecord } from '@digitic/rest-contract';
import type { StaffUpstream } from './upstream.js';

/** Complaints and their deadlines (enquiries:manage). */
export class ComplaintsApi {
  constructor(private readonly upstream: StaffUpstream) {}

  list = (overdue: boolean) =>
    this.upstream.get<ComplaintListRecord, { overdue?: string }>('admin/complaints', overdue ? { overdue: 'true' } : {});
}
