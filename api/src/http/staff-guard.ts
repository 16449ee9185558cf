import { type Permission, PERMISSIONS } from '@digitic/shop-rules';
import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Actor } from '../audit/actor.js';
import { type RequestFacts, type StaffPrincipal, staffActor } from '../auth/staff-principal.js';
import { forbidden, unauthorized } from '../domain/errors.js';
import { recordIds } from './record-ids.js';

/** Who may call a staff route: one permission of the declaration (shop-rules), or any signed-in staff member. */
export type Access = Permission | 'any staff';

export interface StaffRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access | 'public';
}

export type Handler = (req: Request, res: Response, staff: StaffPrincipal) => Promise<void> | void;

/** Mounts a staff route behind the guard of its permission, and lists it. */
export type Declare = (
  method: StaffRoute['method'],
  path: string,
  access: Access,
  handler: Handler,
  /** `csrf: 'not needed'` only where a forged request can do no harm (signing oneself out). */
  options?: { csrf?: 'checked' | 'not needed' },
) => void;

/** Mounts one of the few staff routes that need no session (signing in, enrolling), and lists it. */
export type Open = (method: StaffRoute['method'], path: string, handler: (req: Request, res: Response) => Promise<void>) => void;

/** Reads a session token and, for a write, its CSRF token: the staff member they stand for, or a 401/403. */
export type Authenticate = (token: unknown, csrf: string | null, write: boolean) => Promise<StaffPrincipal>;

export const facts = (req: Request, res: Response): RequestFacts => ({
  address: req.ip ?? null,
  userAgent: req.get('user-agent') ?? null,
  requestId: (res.locals.requestId as string | undefined) ?? null,
});

/** The signed-in staff member of a guarded request, as the audit trail names them. */
export const actor = (req: Request, res: Response): Actor => staffActor(res.locals.staff as StaffPrincipal, facts(req, res));

/** A path's `:id`, as the ids are kept (lower case; record-ids.ts checked it is one). */
export const id = (req: Request) => String(req.params.id).toLowerCase();

/** The session of `Authorization: Staff <token>`; a customer's bearer token is refused here whatever it holds. */
function staffToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  if (/^Bearer\s/i.test(header)) throw unauthorized('Customer tokens are not accepted by the back office: sign in as staff');
  return /^Staff\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/**
 * The one guard of the staff api: every route declares who may call it, next to its path; the guard reads the
 * session (and, for writes, its CSRF token) and the route's permission before the handler runs, and every id in
 * the path is checked to be a record id. `routes` lists them all: a test walks the mounted router against it.
 */
export function staffGuard(authenticate: Authenticate) {
  const router = Router();
  const routes: StaffRoute[] = [];

  const guard = (access: Access, csrf: 'checked' | 'not needed') => async (req: Request, res: Response, next: NextFunction) => {
    const token = staffToken(req);
    if (!token) throw unauthorized('Sign in to the back office');
    const write = req.method !== 'GET' && req.method !== 'HEAD' && csrf === 'checked';
    const principal = await authenticate(token, req.get('x-csrf-token') ?? null, write);
    if (access !== 'any staff' && !principal.permissions.includes(access)) {
      throw forbidden(`Your role (${principal.role}) may not do this: it needs the permission “${access}” (${PERMISSIONS[access]})`);
    }
    res.locals.staff = principal;
    next();
  };
  const declare: Declare = (method, path, access, handler, options = {}) => {
    routes.push({ method, path, access });
    router[method](path, guard(access, options.csrf ?? 'checked'), recordIds(path), async (req, res) =>
      handler(req, res, res.locals.staff as StaffPrincipal),
    );
  };
  const open: Open = (method, path, handler) => {
    routes.push({ method, path, access: 'public' });
    router[method](path, handler);
  };
  return { router, routes, declare, open };
}
