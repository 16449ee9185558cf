import type { RequestContext } from '../graphql/create-server.js';
import type { ShopDetailsSource } from '../shop-details.js';
import type { StaffApis } from './datasources/index.js';

/** What the back office's resolvers get: the api as the signed-in staff member, and the session's cookies to set or clear. */
export interface AdminContext extends RequestContext {
  api: StaffApis;
  /** The shop's own details as the owner saved them over the defaults (packing slips, the settings screen). */
  shop: ShopDetailsSource;
  session: {
    /** After sign-in: the session and its CSRF token, both httpOnly (the token reaches only the back office's own page: static.ts). */
    set(token: string, csrf: string): void;
    clear(): void;
  };
}
