// The REST contract's shapes (docs/rest-contract.md), one file a domain: what the api answers (its serializers
// are checked against these) and what the gateway reads, and the request bodies of the contract's writes,
// which the api's validators are checked against (a body of its type is never refused for its shape, only for
// its values) and the gateway sends. The staff desks' (/api/admin/…) are under admin/. Types only: nothing here runs.

export type * from './errors.js';
export type * from './catalogue.js';
export type * from './reviews.js';
export type * from './blogs.js';
export type * from './customers.js';
export type * from './cart.js';
export type * from './wishlist.js';
export type * from './orders.js';
export type * from './returns.js';
export type * from './checkout.js';
export type * from './tax.js';
export type * from './enquiries.js';
export type * from './coupons.js';
export type * from './sitemap.js';
export type * from './search.js';
export type * from './policies.js';
export type * from './complaints.js';

export type * from './admin/paging.js';
export type * from './admin/staff.js';
export type * from './admin/session.js';
export type * from './admin/orders.js';
export type * from './admin/returns.js';
export type * from './admin/customers.js';
export type * from './admin/audit.js';
export type * from './admin/catalogue.js';
export type * from './admin/photos.js';
export type * from './admin/coupons.js';
export type * from './admin/reviews.js';
export type * from './admin/enquiries.js';
export type * from './admin/blogs.js';
export type * from './settings.js';
export type * from './admin/reports.js';
