import type { PolicyRecord, PolicySlugName } from '@digitic/rest-contract';
import { touch } from '../cache/catalogue-sync.js';
import type { Upstream } from './upstream.js';

/** The shop's policy pages, as the storefront shows them (announced as 'policies' when the owner saves one). */
export class PoliciesApi {
  constructor(private readonly upstream: Upstream) {}

  get = (slug: PolicySlugName) => {
    touch('policies');
    return this.upstream.get<PolicyRecord>(`policies/${slug}`);
  };
}
