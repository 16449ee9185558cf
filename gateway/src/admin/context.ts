import type { RequestContext } from '../graphql/create-server.js';
import type { StaffApi } from './staff-api.js';

/** What the back office's resolvers get: the api as the signed-in staff member, and the session's cookies to set or clear. */
export interface AdminContext extends RequestContext {
  api: StaffApi;
  session: {
    /** After sign-in: the session and its CSRF token, both httpOnly (the token reaches only the back office's own page: static.ts). */
    set(token: string, csrf: string): void;
    clear(): void;
  };
}
