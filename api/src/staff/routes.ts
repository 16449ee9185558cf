import { PERMISSIONS } from '@digitic/shop-rules';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { AuditExportQuery, AuditQuery, auditCsv, auditRows } from '../audit/query.js';
import { recordAudit } from '../audit/record.js';
import type { AppDeps } from '../deps.js';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../domain/errors.js';
import { parseInput } from '../http/validate.js';
import { recordIds } from './route-ids.js';
import { addressKey } from '../http/client-address.js';
import { OrderListQuery, RefundInput } from './orders-desk.js';
import { CustomerLookup } from './customers-desk.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { couponRoutes } from '../coupons/routes.js';
import { contentRoutes } from './content-routes.js';
import { photoUploadRoutes } from '../photos/routes.js';
import { ReturnListQuery } from '../returns/service.js';
import { type RequestFacts, type StaffPrincipal, staffActor } from './service.js';
import type { Access, Declare, StaffRoute } from './route-types.js';

export type { Access, StaffRoute } from './route-types.js';

const facts = (req: Request, res: Response): RequestFacts => ({
  address: req.ip ?? null,
  userAgent: req.get('user-agent') ?? null,
  requestId: (res.locals.requestId as string | undefined) ?? null,
});

/** The session of `Authorization: Staff <token>`; a customer's bearer token is refused here whatever it holds. */
function staffToken(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  if (/^Bearer\s/i.test(header)) throw unauthorized('Customer tokens are not accepted by the back office: sign in as staff');
  return /^Staff\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

const Invite = z.object({ email: z.string().max(254), role: z.string().max(20), name: z.string().max(100).optional() });
const Role = z.object({ role: z.string().max(20) });
const Enrol = z.object({
  password: z.string().max(200),
  code: z.string().max(20),
  name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
});
const PasskeyAnswer = z.object({
  challengeId: z.string().max(40),
  response: z.record(z.string(), z.unknown()),
});
const SignIn = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  code: z.string().max(20).optional(),
  recoveryCode: z.string().max(40).optional(),
  passkey: PasskeyAnswer.optional(),
});
const NewPasskey = PasskeyAnswer.extend({
  name: z.string().max(60, 'A passkey name is at most 60 characters'),
  currentPassword: z.string({ error: 'Enter your password to add a passkey' }).max(200),
});
const PasswordChange = z.object({ currentPassword: z.string().max(200), password: z.string().max(200) });
const Move = z.object({
  to: z.string().max(40),
  version: z.number({ error: 'version is the order version you read' }).int().min(0),
  shipment: z
    .object({ carrier: z.string().max(200), trackingNumber: z.string().max(200), trackingUrl: z.string().max(2000).nullish() })
    .optional(),
});
const Cancel = z.object({
  version: z.number({ error: 'version is the order version you read' }).int().min(0),
  reason: z.string().max(500, 'The reason is at most 500 characters'),
});
const ReturnMove = z.object({
  to: z.string().max(40),
  version: z.number({ error: 'version is the return version you read' }).int().min(0),
  note: z.string().max(1000, 'The note is at most 1000 characters').nullish(),
});
const ReturnRefund = z.object({
  version: z.number({ error: 'version is the return version you read' }).int().min(0),
  restock: z.boolean({ error: 'restock says whether the returned units go back in stock' }),
});
const Note = z.object({ note: z.string().trim().min(1, 'The note is empty').max(2000, 'A note is at most 2000 characters') });
const AuthenticatorStart = z.object({ currentPassword: z.string({ error: 'Enter your password to change the authenticator' }).max(200) });
const AuthenticatorFinish = z.object({ code: z.string({ error: 'Enter the code the new authenticator app shows' }).max(20) });
const id = (req: Request) => String(req.params.id).toLowerCase();

/**
 * The staff api under /api/admin: every route declares who may call it, next to its path; one guard
 * reads the session (and, for writes, its CSRF token) and the route's permission before the handler
 * runs. `STAFF_ROUTES` lists them all: a test walks the mounted router against it.
 */
export function staffRoutes(deps: AppDeps): { router: Router; routes: StaffRoute[] } {
  const { staff, ordersDesk, customersDesk, returns, db, metrics, passkeys, attempts } = deps;
  const router = Router();
  const routes: StaffRoute[] = [];

  const guard = (access: Access, csrf: 'checked' | 'not needed') => async (req: Request, res: Response, next: NextFunction) => {
    const token = staffToken(req);
    if (!token) throw unauthorized('Sign in to the back office');
    const write = req.method !== 'GET' && req.method !== 'HEAD' && csrf === 'checked';
    const principal = await staff.authenticate(token, req.get('x-csrf-token') ?? null, write);
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
  const open = (method: StaffRoute['method'], path: string, handler: (req: Request, res: Response) => Promise<void>) => {
    routes.push({ method, path, access: 'public' });
    router[method](path, handler);
  };

  // Signing in and enrolling: the only staff routes without a session.
  open('get', '/admin/invites/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await staff.invitation(req.params.token));
  });
  open('post', '/admin/invites/:token/enrol', async (req, res) => {
    res
      .set('Cache-Control', 'no-store')
      .status(201)
      .json(await staff.enrol(req.params.token, parseInput(Enrol, req.body), facts(req, res)));
  });
  open('post', '/admin/session', async (req, res) => {
    let session: Awaited<ReturnType<typeof staff.signIn>>;
    try {
      session = await staff.signIn(parseInput(SignIn, req.body), facts(req, res));
      metrics.staffSignIn('signed_in');
    } catch (err) {
      const code = (err as { code?: string }).code;
      const message = (err as Error).message ?? '';
      metrics.staffSignIn(
        code === 'UNAUTHENTICATED'
          ? 'refused'
          : code === 'TOO_MANY_REQUESTS'
            ? message.includes('locked')
              ? 'locked'
              : 'throttled'
            : 'invalid',
      );
      throw err;
    }
    res.set('Cache-Control', 'no-store').status(201).json(session);
  });

  // A challenge to sign in with a passkey: it names nobody; thirty an address in 15 minutes (each is a row).
  open('post', '/admin/session/passkey-options', async (req, res) => {
    const limit = await attempts.reserve(`staff-passkey-options:${addressKey(req.ip ?? 'unknown')}`, {
      limit: 30,
      windowMs: 15 * 60 * 1000,
    });
    if (!limit.allowed) throw tooManyRequests('Too many passkey sign-ins started: try again in a few minutes');
    res.set('Cache-Control', 'no-store').json(await passkeys.signInOptions(req.ip ?? null));
  });

  declare('get', '/admin/me/passkeys', 'any staff', async (_req, res, me) => {
    res.json({ passkeys: await passkeys.list(me.id) });
  });
  declare('post', '/admin/me/passkeys/options', 'any staff', async (_req, res, me) => {
    res.set('Cache-Control', 'no-store').json(await passkeys.registrationOptions(me));
  });
  declare('post', '/admin/me/passkeys', 'any staff', async (req, res, me) => {
    const input = parseInput(NewPasskey, req.body);
    // A session alone (a script on the page, a borrowed laptop) cannot add a lasting second factor: the password again.
    // Wrong passwords here count with the sign-in's per-account guesses.
    const guesses = await attempts.reserve(`staff-passkey-password:${me.id}`, { limit: 5, windowMs: 15 * 60 * 1000 });
    if (!guesses.allowed) throw tooManyRequests('Too many wrong passwords: try again in a few minutes');
    if (!(await staff.passwordIs(me.id, input.currentPassword))) throw badRequest('The password is not right', 'currentPassword');
    await attempts.release(`staff-passkey-password:${me.id}`);
    await passkeys.register(me.id, input, input.name, staffActor(me, facts(req, res)));
    res.status(201).json({ passkeys: await passkeys.list(me.id) });
  });
  declare('delete', '/admin/me/passkeys/:id', 'any staff', async (req, res, me) => {
    await passkeys.remove(me.id, id(req), staffActor(me, facts(req, res)));
    res.json({ passkeys: await passkeys.list(me.id) });
  });

  declare('get', '/admin/me', 'any staff', (_req, res, me) => {
    res.json({ id: me.id, email: me.email, name: me.name, role: me.role, permissions: me.permissions });
  });
  // Ending one's own session needs no CSRF token: a page that could forge it only signs the person out, and
  // a back office whose token is lost (another tab signed in again) can still sign out for real.
  declare(
    'delete',
    '/admin/session',
    'any staff',
    async (req, res, me) => {
      await staff.signOut(me, facts(req, res));
      res.status(204).end();
    },
    { csrf: 'not needed' },
  );
  declare('post', '/admin/me/authenticator', 'any staff', async (req, res, me) => {
    const { currentPassword } = parseInput(AuthenticatorStart, req.body);
    res
      .set('Cache-Control', 'no-store')
      .status(201)
      .json(await staff.startAuthenticatorChange(me, currentPassword));
  });
  declare('put', '/admin/me/authenticator', 'any staff', async (req, res, me) => {
    await staff.finishAuthenticatorChange(me, parseInput(AuthenticatorFinish, req.body).code, facts(req, res));
    res.status(204).end();
  });
  declare('put', '/admin/me/password', 'any staff', async (req, res, me) => {
    const input = parseInput(PasswordChange, req.body);
    await staff.changePassword(me, { current: input.currentPassword, next: input.password }, facts(req, res));
    res.status(204).end();
  });

  declare('get', '/admin/staff', 'staff:manage', async (_req, res) => {
    res.json({ staff: await staff.list() });
  });
  declare('post', '/admin/staff/invites', 'staff:manage', async (req, res, me) => {
    res.status(201).json(await staff.invite(parseInput(Invite, req.body), staffActor(me, facts(req, res)), me.id));
  });
  declare('put', '/admin/staff/:id/role', 'staff:manage', async (req, res, me) => {
    await staff.changeRole(id(req), parseInput(Role, req.body).role, staffActor(me, facts(req, res)));
    res.status(204).end();
  });
  declare('post', '/admin/staff/:id/unlock', 'staff:manage', async (req, res, me) => {
    await staff.unlock(id(req), staffActor(me, facts(req, res)));
    res.status(204).end();
  });
  declare('delete', '/admin/staff/:id', 'staff:manage', async (req, res, me) => {
    await staff.remove(id(req), staffActor(me, facts(req, res)));
    res.status(204).end();
  });

  declare('get', '/admin/orders', 'orders:read', async (req, res, me) => {
    res.json(await ordersDesk.list(parseInput(OrderListQuery, req.query), staffActor(me, facts(req, res))));
  });
  declare('get', '/admin/orders/:id', 'orders:read', async (req, res) => {
    res.json(await ordersDesk.get(id(req)));
  });
  declare('post', '/admin/orders/:id/status', 'orders:fulfil', async (req, res, me) => {
    res.json(await ordersDesk.move(id(req), parseInput(Move, req.body), staffActor(me, facts(req, res))));
  });
  declare('post', '/admin/orders/:id/cancel', 'orders:refund', async (req, res, me) => {
    res.json(await ordersDesk.cancel(id(req), parseInput(Cancel, req.body), staffActor(me, facts(req, res))));
  });
  declare('post', '/admin/orders/:id/refunds', 'orders:refund', async (req, res, me) => {
    res.status(201).json(await ordersDesk.refund(id(req), parseInput(RefundInput, req.body), staffActor(me, facts(req, res))));
  });
  declare('get', '/admin/dashboard', 'orders:read', async (_req, res) => {
    res.json(await ordersDesk.dashboard());
  });

  declare('get', '/admin/returns', 'returns:manage', async (req, res) => {
    res.json(await returns.list(parseInput(ReturnListQuery, req.query)));
  });
  declare('get', '/admin/returns/:id', 'returns:manage', async (req, res) => {
    res.json(await returns.detail(id(req)));
  });
  declare('post', '/admin/returns/:id/status', 'returns:manage', async (req, res, me) => {
    res.json(await returns.move(id(req), parseInput(ReturnMove, req.body), staffActor(me, facts(req, res))));
  });
  declare('post', '/admin/returns/:id/refund', 'orders:refund', async (req, res, me) => {
    res.json(await returns.refund(id(req), parseInput(ReturnRefund, req.body), staffActor(me, facts(req, res))));
  });

  declare('get', '/admin/customers', 'customers:read', async (req, res, me) => {
    res.json({ customers: await customersDesk.lookup(parseInput(CustomerLookup, req.query).q, staffActor(me, facts(req, res))) });
  });
  declare('get', '/admin/customers/:id', 'customers:read', async (req, res, me) => {
    res.json(await customersDesk.get(id(req), staffActor(me, facts(req, res))));
  });

  declare('post', '/admin/orders/:id/notes', 'orders:annotate', async (req, res, me) => {
    res.status(201).json(await ordersDesk.addNote(id(req), parseInput(Note, req.body).note, staffActor(me, facts(req, res))));
  });

  declare('get', '/admin/audit', 'audit:read', async (req, res, me) => {
    if (req.accepts(['json', 'text/csv']) === 'text/csv') {
      // An export of the trail is itself in the trail: who took which rows out.
      const query = parseInput(AuditExportQuery, req.query);
      const rows = await auditRows(db, query);
      await recordAudit(db, staffActor(me, facts(req, res)), { action: 'audit.exported', after: { filter: req.query, rows: rows.length } });
      res.type('text/csv').attachment('audit.csv').send(auditCsv(rows));
      return;
    }
    res.json({ rows: await auditRows(db, parseInput(AuditQuery, req.query)) });
  });

  catalogueRoutes(declare, deps, facts);
  couponRoutes(declare, deps, facts);
  contentRoutes(declare, deps, facts);
  photoUploadRoutes(declare, deps, facts);

  return { router, routes };
}
