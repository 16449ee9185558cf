import type { PolicyBody, PolicyDeskRecord, PolicyRecord, PolicySlugName } from '@digitic/rest-contract';
import type { StaffUpstream } from './upstream.js';

/** The policy pages (settings:manage, the owner's): read, and saved as a new version over the one read. */
export class PoliciesApi {
  constructor(private readonly upstream: StaffUpstream) {}

  list = () => this.upstream.get<PolicyRecord[]>('admin/policies');
  get = (slug: PolicySlugName) => this.upstream.get<PolicyDeskRecord>(`admin/policies/${slug}`);
  save = (slug: PolicySlugName, version: number, html: string) =>
    this.upstream.send<PolicyDeskRecord, PolicyBody>('PUT', `admin/policies/${slug}`, { html, version });
}
