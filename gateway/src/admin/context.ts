import type { RequestContext } from '../graphql/create-server.js';
import type { StaffApi } from './staff-api.js';

/** What the back office's resolvers get: the api as the signed-in staff member, and the session's cookies to set or clear. */
export interface AdminContext extends RequestContext {
  api: StaffApi;
  session: {
    /** After sign-in: the session (httpOnly) and its CSRF token (read by the back office, sent back as a header). */
    set(token: string, csrf: string): void;
    clear(): void;
  };
}
