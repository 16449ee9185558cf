import type { CustomerListRecord, CustomerLookupQuery, StaffCustomerRecord } from '@digitic/rest-contract';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** The customers desk, read-only: looked up by e-mail or phone (list), one with their orders (get); the api audits both. */
export class CustomersApi extends Desk<CustomerLookupQuery, CustomerListRecord, StaffCustomerRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/customers', 'Customer');
  }
}
