import type { Router } from 'express';
import { auditAdminRoutes } from './audit/admin-routes.js';
import { blogsAdminRoutes } from './blogs/admin-routes.js';
import { catalogueAdminRoutes } from './catalogue/admin-routes.js';
import { complaintsAdminRoutes } from './complaints/admin-routes.js';
import { couponsAdminRoutes } from './coupons/admin-routes.js';
import { customersAdminRoutes } from './customers/admin-routes.js';
import type { AppDeps } from './deps.js';
import { enquiriesAdminRoutes } from './enquiries/admin-routes.js';
import { staffGuard, type StaffRoute } from './http/staff-guard.js';
import { ordersAdminRoutes } from './orders/admin-routes.js';
import { photosAdminRoutes } from './photos/admin-routes.js';
import { policiesAdminRoutes } from './policies/admin-routes.js';
import { reportsAdminRoutes } from './reports/admin-routes.js';
import { searchAdminRoutes } from './search/admin-routes.js';
import { returnsAdminRoutes } from './returns/admin-routes.js';
import { reviewsAdminRoutes } from './reviews/admin-routes.js';
import { settingsAdminRoutes } from './settings/admin-routes.js';
import { staffAdminRoutes } from './staff/admin-routes.js';
import { taxAdminRoutes } from './tax/admin-routes.js';

export type { Access, StaffRoute } from './http/staff-guard.js';

/**
 * The staff api under /api/admin: each aggregate declares its staff routes in its own admin-routes.ts, every
 * one behind the one guard (http/staff-guard.ts) with its permission beside its path. `routes` lists them all:
 * a test walks the mounted router against it.
 */
export function staffRoutes(deps: AppDeps): { router: Router; routes: StaffRoute[] } {
  const { router, routes, declare, open } = staffGuard((token, csrf, write) => deps.staff.authenticate(token, csrf, write));
  staffAdminRoutes(declare, open, deps);
  ordersAdminRoutes(declare, deps);
  returnsAdminRoutes(declare, deps);
  customersAdminRoutes(declare, deps);
  auditAdminRoutes(declare, deps);
  catalogueAdminRoutes(declare, deps);
  couponsAdminRoutes(declare, deps);
  reviewsAdminRoutes(declare, deps);
  blogsAdminRoutes(declare, deps);
  enquiriesAdminRoutes(declare, deps);
  complaintsAdminRoutes(declare, deps);
  photosAdminRoutes(declare, deps);
  settingsAdminRoutes(declare, deps);
  policiesAdminRoutes(declare, deps);
  reportsAdminRoutes(declare, deps);
  searchAdminRoutes(declare, deps);
  taxAdminRoutes(declare, deps);
  return { router, routes };
}
