import type { RequestContext } from '../graphql/create-server.js';
import type { StaffApis } from './datasources/index.js';

/** What the back office's resolvers get: the api as the signed-in staff member, and the session's cookies to set or clear. */
export interface AdminContext extends RequestContext {
  api: StaffApis;
  /** The shop as its packing slips name it (the gateway's settings). */
  shop: { name: string; address: string; phone: string; email: string };
  session: {
    /** After sign-in: the session and its CSRF token, both httpOnly (the token reaches only the back office's own page: static.ts). */
    set(token: string, csrf: string): void;
    clear(): void;
  };
}
