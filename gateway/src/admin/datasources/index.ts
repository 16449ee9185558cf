import type { AxiosInstance } from 'axios';
import { AccountApi } from './account.js';
import { AuditApi } from './audit.js';
import { BlogsApi } from './blogs.js';
import { CatalogueApi } from './catalogue.js';
import { ComplaintsApi } from './complaints.js';
import { CouponsApi } from './coupons.js';
import { CustomersApi } from './customers.js';
import { EnquiriesApi } from './enquiries.js';
import { OrdersApi } from './orders.js';
import { ReturnsApi } from './returns.js';
import { ReviewsApi } from './reviews.js';
import { SessionApi } from './session.js';
import { SettingsApi } from './settings.js';
import { PoliciesApi } from './policies.js';
import { ReportsApi } from './reports.js';
import { SearchApi } from './search.js';
import { StaffMembersApi } from './staff.js';
import { type StaffRequest, type StaffSession, StaffUpstream } from './upstream.js';

/** The api's staff routes for one request of the back office, one data source per desk, all on the caller's session. */
export function staffApis(http: AxiosInstance, session: StaffSession, request: StaffRequest) {
  const upstream = new StaffUpstream(http, session, request);
  return {
    get signedIn() {
      return upstream.signedIn;
    },
    session: new SessionApi(upstream),
    account: new AccountApi(upstream),
    staff: new StaffMembersApi(upstream),
    orders: new OrdersApi(upstream),
    returns: new ReturnsApi(upstream),
    customers: new CustomersApi(upstream),
    audit: new AuditApi(upstream),
    catalogue: new CatalogueApi(upstream),
    blogs: new BlogsApi(upstream),
    reviews: new ReviewsApi(upstream),
    enquiries: new EnquiriesApi(upstream),
    complaints: new ComplaintsApi(upstream),
    coupons: new CouponsApi(upstream),
    settings: new SettingsApi(upstream),
    policies: new PoliciesApi(upstream),
    reports: new ReportsApi(upstream),
    search: new SearchApi(upstream),
  };
}

export type StaffApis = ReturnType<typeof staffApis>;
