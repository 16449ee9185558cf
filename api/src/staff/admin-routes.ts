import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { badRequest, tooManyRequests } from '../domain/errors.js';
import { addressKey } from '../http/client-address.js';
import { actor, type Declare, facts, id, type Open } from '../http/staff-guard.js';
import { type Accepts, parseInput } from '../http/validate.js';
import type {
  AuthenticatorCodeBody,
  AuthenticatorStartBody,
  EnrolBody,
  InviteBody,
  NewPasskeyBody,
  PasswordChangeBody,
  StaffRoleBody,
  StaffSignInBody,
  InvitationRecord,
  StaffSessionRecord,
  PasskeyChallengeRecord,
  PasskeyListRecord,
  StaffRecord,
  InviteRecord,
  StaffListRecord,
} from '@digitic/rest-contract';

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
const AuthenticatorStart = z.object({ currentPassword: z.string({ error: 'Enter your password to change the authenticator' }).max(200) });
const AuthenticatorFinish = z.object({ code: z.string({ error: 'Enter the code the new authenticator app shows' }).max(20) });

// The contract's bodies are what these take.
export type ContractBodies = [
  Accepts<typeof Invite, InviteBody>,
  Accepts<typeof Role, StaffRoleBody>,
  Accepts<typeof Enrol, EnrolBody>,
  Accepts<typeof SignIn, StaffSignInBody>,
  Accepts<typeof NewPasskey, NewPasskeyBody>,
  Accepts<typeof PasswordChange, PasswordChangeBody>,
  Accepts<typeof AuthenticatorStart, AuthenticatorStartBody>,
  Accepts<typeof AuthenticatorFinish, AuthenticatorCodeBody>,
];

/** The staff accounts under /api/admin: signing in and enrolling (no session), one's own account (me), and the staff list. */
export function staffAdminRoutes(declare: Declare, open: Open, deps: Pick<AppDeps, 'staff' | 'passkeys' | 'attempts' | 'metrics'>) {
  const { staff, metrics, passkeys, attempts } = deps;

  // Signing in and enrolling: the only staff routes without a session.
  open('get', '/admin/invites/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json((await staff.invitation(req.params.token)) satisfies InvitationRecord);
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
    res
      .set('Cache-Control', 'no-store')
      .status(201)
      .json(session satisfies StaffSessionRecord);
  });

  // A challenge to sign in with a passkey: it names nobody; thirty an address in 15 minutes (each is a row).
  open('post', '/admin/session/passkey-options', async (req, res) => {
    const limit = await attempts.reserve(`staff-passkey-options:${addressKey(req.ip ?? 'unknown')}`, {
      limit: 30,
      windowMs: 15 * 60 * 1000,
    });
    if (!limit.allowed) throw tooManyRequests('Too many passkey sign-ins started: try again in a few minutes');
    res.set('Cache-Control', 'no-store').json((await passkeys.signInOptions(req.ip ?? null)) satisfies PasskeyChallengeRecord);
  });

  declare('get', '/admin/me/passkeys', 'any staff', async (_req, res, me) => {
    res.json({ passkeys: await passkeys.list(me.id) } satisfies PasskeyListRecord);
  });
  declare('post', '/admin/me/passkeys/options', 'any staff', async (_req, res, me) => {
    res.set('Cache-Control', 'no-store').json((await passkeys.registrationOptions(me)) satisfies PasskeyChallengeRecord);
  });
  declare('post', '/admin/me/passkeys', 'any staff', async (req, res, me) => {
    const input = parseInput(NewPasskey, req.body);
    // A session alone (a script on the page, a borrowed laptop) cannot add a lasting second factor: the password again.
    // Wrong passwords here count with the sign-in's per-account guesses.
    const guesses = await attempts.reserve(`staff-passkey-password:${me.id}`, { limit: 5, windowMs: 15 * 60 * 1000 });
    if (!guesses.allowed) throw tooManyRequests('Too many wrong passwords: try again in a few minutes');
    if (!(await staff.passwordIs(me.id, input.currentPassword))) throw badRequest('The password is not right', 'currentPassword');
    await attempts.release(`staff-passkey-password:${me.id}`);
    await passkeys.register(me.id, input, input.name, actor(req, res));
    res.status(201).json({ passkeys: await passkeys.list(me.id) } satisfies PasskeyListRecord);
  });
  declare('delete', '/admin/me/passkeys/:id', 'any staff', async (req, res, me) => {
    await passkeys.remove(me.id, id(req), actor(req, res));
    res.json({ passkeys: await passkeys.list(me.id) } satisfies PasskeyListRecord);
  });

  declare('get', '/admin/me', 'any staff', (_req, res, me) => {
    res.json({ id: me.id, email: me.email, name: me.name, role: me.role, permissions: me.permissions } satisfies StaffRecord);
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
    res.json({ staff: await staff.list() } satisfies StaffListRecord);
  });
  declare('post', '/admin/staff/invites', 'staff:manage', async (req, res, me) => {
    const invitation = await staff.invite(parseInput(Invite, req.body), actor(req, res), me.id);
    res.status(201).json({ ...invitation, expiresAt: invitation.expiresAt.toISOString() } satisfies InviteRecord);
  });
  declare('put', '/admin/staff/:id/role', 'staff:manage', async (req, res) => {
    await staff.changeRole(id(req), parseInput(Role, req.body).role, actor(req, res));
    res.status(204).end();
  });
  declare('post', '/admin/staff/:id/unlock', 'staff:manage', async (req, res) => {
    await staff.unlock(id(req), actor(req, res));
    res.status(204).end();
  });
  declare('delete', '/admin/staff/:id', 'staff:manage', async (req, res) => {
    await staff.remove(id(req), actor(req, res));
    res.status(204).end();
  });
}
