import { isStaffRole, type Permission, ROLE_PERMISSIONS, type StaffRole } from '@digitic/shop-rules';
import type { PasskeyAnswer, PasskeysService } from './passkeys.js';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { AttemptWindows } from '../auth/attempts.js';
import { addressKey } from '../http/client-address.js';
import { escapeHtml } from '../mail/escape-html.js';
import type { Mailer } from '../mail/mailer.js';
import { factorAttempts } from './factor-attempts.js';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../domain/errors.js';
import {
  hashToken,
  looksLikeToken,
  newRecoveryCodes,
  newToken,
  newTotpSecret,
  normaliseRecoveryCode,
  type Sealer,
  totpFor,
  totpStep,
} from './secrets.js';

export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
/** A session that sees no request for this long ends (STAFF_IDLE_MINUTES). */
export const DEFAULT_IDLE_MS = 30 * 60 * 1000;
/** However busy, a session ends this long after sign-in. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** Wrong passwords of one account from one address in a window (second factors: factor-attempts.ts). */
export const SIGN_IN_FAILURES = { limit: 5, windowMs: 15 * 60 * 1000 };
export const SIGN_IN_FAILURES_PER_ADDRESS = { limit: 20, windowMs: 15 * 60 * 1000 };
export const STAFF_PASSWORD = { min: 12, max: 128 };
/** How long a new authenticator's secret waits for its first code (startAuthenticatorChange). */
const AUTHENTICATOR_CHANGE_MS = 10 * 60 * 1000;

const SIGN_IN_REFUSED = 'The e-mail, password or code is not right';
/** An authenticator's QR code as SVG; qrcode loads with the first one drawn, not with the api (the memory goal). */
const qrSvg = async (uri: string) => (await import('qrcode')).default.toString(uri, { type: 'svg', margin: 1 });
const minutes = (ms: number) => `${Math.max(1, Math.ceil(ms / 60_000))} minute${Math.ceil(ms / 60_000) === 1 ? '' : 's'}`;

/** The staff member behind a request, as every staff route sees them. */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  permissions: readonly Permission[];
  sessionId: string;
}

export interface RequestFacts {
  address?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export const staffActor = (p: Pick<StaffPrincipal, 'id' | 'email'>, request: RequestFacts = {}): Actor => ({
  kind: 'staff',
  id: p.id,
  label: p.email,
  address: request.address ?? null,
  requestId: request.requestId ?? null,
});

function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length < STAFF_PASSWORD.min)
    return `The password must be at least ${STAFF_PASSWORD.min} characters`;
  if (password.length > STAFF_PASSWORD.max) return `The password must be at most ${STAFF_PASSWORD.max} characters`;
  return null;
}

const emailKey = (email: string) => email.trim().toLowerCase();

export interface StaffDeps {
  db: Kysely<Database>;
  sealer: Sealer;
  attempts: AttemptWindows;
  /** Where the back office is, for enrolment links: `${adminUrl}/enrol#<token>`. */
  adminUrl: string;
  shopName: string;
  idleMs?: number;
  /** Passkeys as the second factor beside the code (staff/passkeys.ts). */
  passkeys?: PasskeysService;
  /** Tells the owners when an account is locked until unlocked. */
  mailer?: Mailer;
  log?: (line: string, detail?: unknown) => void;
}

export function staffService(deps: StaffDeps) {
  const { db, sealer, attempts } = deps;
  const idleMs = deps.idleMs ?? DEFAULT_IDLE_MS;
  const factors = factorAttempts(db);

  /** Every active owner hears that an account is locked until someone unlocks it (theirs included). */
  async function tellOwnersOfBlock(staff: { email: string; name: string }, failures: number) {
    if (!deps.mailer) return;
    const owners = await db.selectFrom('staff').select('email').where('role', '=', 'owner').where('status', '=', 'active').execute();
    const who = staff.name ? `${staff.name} (${staff.email})` : staff.email;
    const text =
      `${who} signed in to the back office of ${deps.shopName} with the right password, then gave ${failures} wrong ` +
      'codes in a row, so the account is locked until an owner unlocks it in Staff. If it was not them, ' +
      'their password is known to someone else: ask them to change it once you have unlocked the account.';
    for (const owner of owners) {
      await deps.mailer
        .send({
          to: owner.email,
          subject: `${deps.shopName}: a back-office account is locked`,
          text,
          html: `<p>${escapeHtml(text)}</p>`,
        })
        .catch((err: unknown) => deps.log?.(`the owners could not be told that ${staff.email} is locked`, err));
    }
  }

  /**
   * Every session of a staff member ends now (password change, role change, removal): revoked by the database in
   * the change's own transaction, whatever the clocks say (sessions_since is moved on as well, for any session
   * made meanwhile).
   */
  const endSessions = async (trx: Kysely<Database> | Transaction<Database>, staffId: string) => {
    await trx
      .updateTable('staff_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('staff')
      .set({ sessions_since: sql<Date>`now()`, updated_at: new Date() })
      .where('id', '=', staffId)
      .execute();
  };

  /**
   * A one-time enrolment link for a staff member, good for 24 hours, replacing any earlier one not used. Only the
   * link's hash is kept, with the authenticator secret it will show (sealed).
   */
  async function issueInvite(trx: Transaction<Database>, staffId: string, invitedBy: string | null) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
    await trx
      .updateTable('staff_invites')
      .set({ expires_at: new Date() })
      .where('staff_id', '=', staffId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('staff_invites')
      .values({
        staff_id: staffId,
        token_hash: hashToken(token),
        totp_secret: sealer.seal(newTotpSecret()),
        expires_at: expiresAt,
        invited_by: invitedBy,
      })
      .execute();
    return { link: `${deps.adminUrl}/enrol#${token}`, expiresAt };
  }

  const ownerExists = async (trx: Kysely<Database> | Transaction<Database>) =>
    Boolean(await trx.selectFrom('staff').select('id').where('role', '=', 'owner').where('status', '=', 'active').executeTakeFirst());

  /** An owner has enrolled: the first-owner link (and its placeholder account) is void for good. */
  async function voidFirstOwnerInvite(trx: Transaction<Database>, enrolling: string) {
    const placeholders = await trx
      .updateTable('staff')
      .set({ status: 'removed', updated_at: new Date() })
      .where('email', '=', '')
      .where('status', '=', 'invited')
      .where('id', '<>', enrolling)
      .returning('id')
      .execute();
    if (placeholders.length === 0) return;
    const ids = placeholders.map((p) => p.id);
    await trx
      .updateTable('staff_invites')
      .set({ expires_at: new Date() })
      .where('staff_id', 'in', ids)
      .where('used_at', 'is', null)
      .execute();
    for (const id of ids) {
      await recordAudit(
        trx,
        { kind: 'system' },
        { action: 'staff.invite_voided', subject: { kind: 'staff', id }, after: { reason: 'an owner enrolled' } },
      );
    }
  }

  async function activeOwners(trx: Transaction<Database>): Promise<number> {
    // Locked in one order, so two owners removing each other cannot both go.
    const rows = await trx
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.length;
  }

  return {
    /**
     * Invites a person by e-mail with a role: their account exists, invited, with no password and no second
     * factor; the answer is a one-time enrolment link good for 24 hours (never stored: only its hash is).
     */
    async invite(input: { email: string; role: string; name?: string }, actor: Actor, invitedBy: string | null = null) {
      const email = input.email.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw badRequest('The e-mail address is not valid', 'email');
      if (!isStaffRole(input.role)) throw badRequest(`The role must be one of owner, manager, fulfilment, support, catalogue`, 'role');
      const role = input.role;
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('staff')
          .select(['id', 'status'])
          .where(sql<string>`lower(email)`, '=', emailKey(email))
          .where('status', '<>', 'removed')
          .executeTakeFirst();
        if (existing?.status === 'active') throw conflict('This person is already on the staff', 'email');
        const id =
          existing?.id ??
          (
            await trx
              .insertInto('staff')
              .values({ email, role, name: input.name?.trim() ?? '' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        if (existing) await trx.updateTable('staff').set({ role, updated_at: new Date() }).where('id', '=', id).execute();
        const invitation = await issueInvite(trx, id, invitedBy);
        await recordAudit(trx, actor, {
          action: 'staff.invited',
          subject: { kind: 'staff', id },
          after: { email, role, expiresAt: invitation.expiresAt },
        });
        return { staffId: id, ...invitation };
      });
    },

    /**
     * For a shop nobody can run yet (no active owner): an invitation for the first owner, who names their
     * own e-mail when they enrol. Each call replaces the last such link; null once there is an owner.
     */
    async inviteFirstOwner(): Promise<{ link: string; expiresAt: Date } | null> {
      if (await this.hasActiveOwner()) return null;
      return db.transaction().execute(async (trx) => {
        const pending = await trx
          .selectFrom('staff')
          .select('id')
          .where('email', '=', '')
          .where('status', '=', 'invited')
          .executeTakeFirst();
        const id =
          pending?.id ?? (await trx.insertInto('staff').values({ email: '', role: 'owner' }).returning('id').executeTakeFirstOrThrow()).id;
        const invitation = await issueInvite(trx, id, null);
        await recordAudit(
          trx,
          { kind: 'system' },
          {
            action: 'staff.invited',
            subject: { kind: 'staff', id },
            after: { role: 'owner', firstOwner: true, expiresAt: invitation.expiresAt },
          },
        );
        return invitation;
      });
    },

    /** What the enrolment page shows for a link: who, which role, and the authenticator's QR code (nothing changes). */
    async invitation(token: unknown) {
      const invite = await this.openInvite(db, token);
      // A fresh secret at every view, and the last one shown is the one enrolled: whoever looked at the link
      // before its owner did holds no second factor of theirs.
      const secret = newTotpSecret();
      await db
        .updateTable('staff_invites')
        .set({ totp_secret: sealer.seal(secret) })
        .where('id', '=', invite.id)
        .where('used_at', 'is', null)
        .execute();
      const uri = totpFor(secret, invite.email || 'owner', deps.shopName).toString();
      return {
        email: invite.email,
        /** The first owner's invitation names no one: the enrolment asks for their e-mail. */
        needsEmail: invite.email === '',
        role: invite.role,
        expiresAt: new Date(invite.expires_at).toISOString(),
        totp: { uri, secret, qrSvg: await qrSvg(uri) },
      };
    },

    /** An invitation that can still be used, or a clear refusal. */
    async openInvite(trx: Kysely<Database> | Transaction<Database>, token: unknown, lock = false) {
      if (!looksLikeToken(token)) throw notFound('This enrolment link is not valid');
      let query = trx
        .selectFrom('staff_invites as i')
        .innerJoin('staff as s', 's.id', 'i.staff_id')
        .select(['i.id', 'i.staff_id', 'i.totp_secret', 'i.expires_at', 'i.used_at', 's.email', 's.role', 's.status'])
        .where('i.token_hash', '=', hashToken(token));
      if (lock) query = query.forUpdate();
      const invite = await query.executeTakeFirst();
      // The first owner's link is for a shop nobody runs: once anyone is an active owner, however they became
      // one, it is void (read in the enrolment's transaction, after the owners' lock: see enrol).
      if (invite?.email === '' && !invite.used_at && (await ownerExists(trx)))
        throw conflict('This shop has an owner already, so its first-owner link no longer works: ask an owner to invite you');
      if (!invite || invite.status === 'removed') throw notFound('This enrolment link is not valid');
      if (invite.used_at) throw conflict('This enrolment link was used already: sign in instead');
      if (new Date(invite.expires_at).getTime() <= Date.now())
        throw conflict('This enrolment link has expired: ask an owner for a new one');
      return invite;
    },

    /**
     * Enrols from an invitation: a password and the first code of the authenticator (which proves it holds
     * the secret). The account becomes active; ten recovery codes are answered once, kept as hashes.
     */
    async enrol(token: unknown, input: { password: unknown; code: unknown; name?: unknown; email?: unknown }, request: RequestFacts = {}) {
      const problem = passwordProblem(input.password);
      if (problem) throw badRequest(problem, 'password');
      const password = input.password as string;
      // The link first: an invalid one costs no password hash (19 MiB of memory each).
      await this.openInvite(db, token);
      const hash = await hashPassword(password);
      const codes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        // Enrolments take the first-owner placeholder's row lock first, one at a time: an enrolment with the
        // first-owner link that waited here sees the owner enrolled meanwhile, and is refused.
        await trx.selectFrom('staff').select('id').where('email', '=', '').where('status', '=', 'invited').forUpdate().execute();
        const invite = await this.openInvite(trx, token, true);
        const secret = sealer.open(invite.totp_secret);
        const step = typeof input.code === 'string' ? totpStep(secret, input.code) : null;
        if (step === null) throw badRequest('The code from the authenticator app is not right: enter the one it shows now', 'code');
        const name = typeof input.name === 'string' ? input.name.trim().slice(0, 100) : undefined;
        // The first owner's invitation names no one: they give their e-mail here.
        let email: string | undefined;
        if (invite.email === '') {
          email = typeof input.email === 'string' ? input.email.trim() : '';
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
            throw badRequest('Enter your e-mail address: you sign in with it', 'email');
          const taken = await trx
            .selectFrom('staff')
            .select('id')
            .where(sql<string>`lower(email)`, '=', emailKey(email))
            .where('status', '<>', 'removed')
            .executeTakeFirst();
          if (taken) throw conflict('This e-mail address is already on the staff', 'email');
        }
        await trx.updateTable('staff_invites').set({ used_at: new Date() }).where('id', '=', invite.id).execute();
        await trx
          .updateTable('staff')
          .set({
            status: 'active',
            password_hash: hash,
            totp_secret: invite.totp_secret,
            totp_last_step: step,
            sessions_since: new Date(),
            updated_at: new Date(),
            ...(name ? { name } : {}),
            ...(email ? { email } : {}),
          })
          .where('id', '=', invite.staff_id)
          .execute();
        if (invite.role === 'owner') await voidFirstOwnerInvite(trx, invite.staff_id);
        await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', invite.staff_id).execute();
        await trx
          .insertInto('staff_recovery_codes')
          .values(codes.map((c) => ({ staff_id: invite.staff_id, code_hash: hashToken(normaliseRecoveryCode(c)) })))
          .execute();
        await recordAudit(
          trx,
          { kind: 'staff', id: invite.staff_id, label: invite.email, address: request.address, requestId: request.requestId },
          {
            action: 'staff.enrolled',
            subject: { kind: 'staff', id: invite.staff_id },
            after: { role: invite.role, factors: ['password', 'totp'], recoveryCodes: codes.length },
          },
        );
      });
      return { recoveryCodes: codes };
    },

    /** Whether this is the staff member's current password (asked again before adding a passkey). */
    async passwordIs(staffId: string, password: string): Promise<boolean> {
      const row = await db
        .selectFrom('staff')
        .select('password_hash')
        .where('id', '=', staffId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return verifyPassword(row?.password_hash ?? (await dummyHash()), password);
    },

    /**
     * Signs in with the e-mail, the password and a second factor (the authenticator's code, or a recovery
     * code, each good once). Failures are counted per account and per address before the password is
     * checked; an account over its limit is locked, each lock-out twice as long as the one before.
     */
    async signIn(
      input: { email: unknown; password: unknown; code?: unknown; recoveryCode?: unknown; passkey?: PasskeyAnswer | null },
      request: RequestFacts = {},
    ) {
      if (typeof input.email !== 'string' || typeof input.password !== 'string')
        throw badRequest('Enter the e-mail and the password', 'email');
      if (typeof input.code !== 'string' && typeof input.recoveryCode !== 'string' && !input.passkey) {
        throw badRequest('Enter the code from the authenticator app, a recovery code, or use a passkey', 'code');
      }
      const email = emailKey(input.email);
      const actorOf = (id: string | null): Actor => ({
        kind: 'staff',
        id,
        label: email,
        address: request.address,
        requestId: request.requestId,
      });
      const failed = async (staffId: string | null, reason: string) => {
        await recordAudit(db, actorOf(staffId), {
          action: 'staff.sign_in_failed',
          subject: staffId ? { kind: 'staff', id: staffId } : null,
          after: { reason },
        });
        return unauthorized(SIGN_IN_REFUSED);
      };

      // The same words for every refusal before the password is known to be right: nothing tells whether an
      // e-mail is on the staff. Over a limit, nothing is checked and no row is written (the limits bound the rows).
      const tooMany = (ms: number) => tooManyRequests(`Too many failed sign-ins: try again in ${minutes(ms)}`);
      // An IPv6 client by its /64: a machine rotating its addresses is one guesser.
      const address = addressKey(request.address ?? 'unknown');
      const byAddress = await attempts.reserve(`staff-sign-in-address:${address}`, SIGN_IN_FAILURES_PER_ADDRESS);
      if (!byAddress.allowed) throw tooMany(byAddress.retryMs);
      // Password guesses count per account and address: a guesser elsewhere cannot lock the account for its owner.
      const guessKey = `staff-sign-in:${email}:${address}`;
      const byGuess = await attempts.reserve(guessKey, SIGN_IN_FAILURES);
      if (!byGuess.allowed) throw tooMany(byGuess.retryMs);
      const staff = await db
        .selectFrom('staff')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email)
        .where('status', '=', 'active')
        .executeTakeFirst();
      const passwordOk = await verifyPassword(staff?.password_hash ?? (await dummyHash()), input.password);
      if (!staff || !passwordOk || !staff.totp_secret)
        throw await failed(staff?.id ?? null, staff ? 'wrong password' : 'no such active staff member');
      await attempts.release(guessKey);

      // Past the password: wrong second factors lock the account (only someone who knows the password can do
      // that), each lock-out twice as long as the one before, and the lock is told only now. The attempt is
      // taken with the lock check in one update (factor-attempts.ts), before the factor is looked at.
      const attempt = await factors.take(staff.id, (trx, lock) =>
        recordAudit(trx, actorOf(staff.id), {
          action: 'staff.locked_out',
          subject: { kind: 'staff', id: staff.id },
          after: lock.until
            ? { until: lock.until.toISOString() }
            : { until: null, reason: `${lock.failures} wrong second factors in a row`, unlockedBy: 'staff:manage' },
        }),
      );
      if (attempt.kind === 'locked') {
        if (attempt.now && !attempt.until) await tellOwnersOfBlock(staff, attempt.failures);
        if (!attempt.now) {
          await recordAudit(db, actorOf(staff.id), {
            action: 'staff.sign_in_refused',
            subject: { kind: 'staff', id: staff.id },
            after: { reason: attempt.until ? 'locked' : 'locked until unlocked' },
          });
        }
        throw tooManyRequests(
          attempt.until
            ? `Too many wrong codes: this account is locked; try again in ${minutes(attempt.until.getTime() - Date.now())}`
            : 'Too many wrong codes in a row: this account is locked until an owner unlocks it in Staff',
        );
      }

      let factor: 'totp' | 'recovery code' | 'passkey';
      let passkeyId: string | null = null;
      if (input.passkey) {
        // The passkey stands for the code: this staff member's credential, signing the one-time challenge.
        passkeyId = deps.passkeys ? await deps.passkeys.verify(staff.id, input.passkey) : null;
        if (!passkeyId) throw await failed(staff.id, 'wrong or unknown passkey');
        factor = 'passkey';
      } else if (typeof input.code === 'string') {
        const step = totpStep(sealer.open(staff.totp_secret), input.code);
        // Good once: the step moves forward in one guarded update, so a replayed or concurrent code finds none.
        const taken =
          step !== null &&
          Number(
            (
              await db
                .updateTable('staff')
                .set({ totp_last_step: step })
                .where('id', '=', staff.id)
                .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
                .executeTakeFirst()
            ).numUpdatedRows,
          ) === 1;
        if (!taken) throw await failed(staff.id, step === null ? 'wrong code' : 'code used already');
        factor = 'totp';
      } else {
        const used = await db
          .updateTable('staff_recovery_codes')
          .set({ used_at: new Date() })
          .where('staff_id', '=', staff.id)
          .where('code_hash', '=', hashToken(normaliseRecoveryCode(String(input.recoveryCode))))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw await failed(staff.id, 'wrong or used recovery code');
        factor = 'recovery code';
      }

      const token = newToken();
      const csrf = newToken();
      const session = await db.transaction().execute(async (trx) => {
        await factors.succeeded(trx, staff.id);
        const row = await trx
          .insertInto('staff_sessions')
          .values({
            staff_id: staff.id,
            token_hash: hashToken(token),
            csrf_hash: hashToken(csrf),
            expires_at: new Date(Date.now() + SESSION_MAX_MS),
            address: request.address ?? null,
            user_agent: request.userAgent?.slice(0, 300) ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const left =
          factor === 'recovery code'
            ? await trx
                .selectFrom('staff_recovery_codes')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('staff_id', '=', staff.id)
                .where('used_at', 'is', null)
                .executeTakeFirstOrThrow()
            : null;
        await recordAudit(trx, actorOf(staff.id), {
          action: 'staff.sign_in',
          subject: { kind: 'staff', id: staff.id },
          after: {
            factor,
            session: row.id,
            ...(passkeyId ? { passkey: passkeyId } : {}),
            ...(left ? { recoveryCodesLeft: Number(left.n) } : {}),
          },
        });
        return row;
      });
      // Only failures count against the address.
      await attempts.release(`staff-sign-in-address:${address}`);
      return {
        token,
        csrf,
        sessionId: session.id,
        staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, permissions: ROLE_PERMISSIONS[staff.role] },
      };
    },

    /**
     * The staff member a session token stands for, or a 401: the session must exist, not be revoked,
     * expired or idle, and be younger than the account's `sessions_since` (password, role, removal);
     * a write must also carry the session's CSRF token. Seeing it moves the idle clock on.
     */
    async authenticate(token: unknown, csrf: string | null, write: boolean): Promise<StaffPrincipal> {
      if (!looksLikeToken(token)) throw unauthorized('Sign in to the back office');
      const row = await db
        .selectFrom('staff_sessions as x')
        .innerJoin('staff as s', 's.id', 'x.staff_id')
        .select([
          'x.id as session_id',
          'x.csrf_hash',
          'x.created_at',
          'x.last_seen_at',
          'x.expires_at',
          'x.revoked_at',
          's.id',
          's.email',
          's.name',
          's.role',
          's.status',
          's.sessions_since',
        ])
        .where('x.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      const now = Date.now();
      if (
        !row ||
        row.revoked_at ||
        row.status !== 'active' ||
        new Date(row.expires_at).getTime() <= now ||
        row.last_seen_at.getTime() + idleMs <= now ||
        row.created_at.getTime() < row.sessions_since.getTime()
      ) {
        throw unauthorized('Your back-office session has ended: sign in again');
      }
      if (write && (!csrf || hashToken(csrf) !== row.csrf_hash))
        throw forbidden('The request is missing its CSRF token: reload the back office');
      if (now - row.last_seen_at.getTime() > 30_000) {
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: new Date(now) })
          .where('id', '=', row.session_id)
          .execute();
      }
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        permissions: ROLE_PERMISSIONS[row.role],
        sessionId: row.session_id,
      };
    },

    async signOut(principal: StaffPrincipal, request: RequestFacts = {}) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff_sessions').set({ revoked_at: new Date() }).where('id', '=', principal.sessionId).execute();
        await recordAudit(trx, staffActor(principal, request), { action: 'staff.sign_out', subject: { kind: 'staff', id: principal.id } });
      });
    },

    async list() {
      return db
        .selectFrom('staff')
        .select(['id', 'email', 'name', 'role', 'status', 'locked_until', 'factor_blocked_at', 'created_at'])
        .where('status', '<>', 'removed')
        .orderBy('created_at')
        .execute();
    },

    /** A new role ends the person's sessions (they sign in again with what the new role allows). The last owner keeps the role. */
    async changeRole(staffId: string, role: string, actor: Actor) {
      if (!isStaffRole(role)) throw badRequest('The role must be one of owner, manager, fulfilment, support, catalogue', 'role');
      await db.transaction().execute(async (trx) => {
        const owners = await activeOwners(trx);
        const staff = await trx
          .selectFrom('staff')
          .select(['id', 'role', 'status'])
          .where('id', '=', staffId)
          .where('status', '<>', 'removed')
          .forUpdate()
          .executeTakeFirst();
        if (!staff) throw notFound('No such staff member');
        if (staff.role === role) return;
        if (staff.role === 'owner' && staff.status === 'active' && owners <= 1)
          throw conflict('The shop needs an owner: make someone else owner first', 'role');
        await trx.updateTable('staff').set({ role, updated_at: new Date() }).where('id', '=', staffId).execute();
        await endSessions(trx, staffId);
        await recordAudit(trx, actor, {
          action: 'staff.role_changed',
          subject: { kind: 'staff', id: staffId },
          before: { role: staff.role },
          after: { role },
        });
      });
    },

    /** Removes a person from the staff: their sessions end at once; their history stays. Never the last owner. */
    async remove(staffId: string, actor: Actor) {
      await db.transaction().execute(async (trx) => {
        const owners = await activeOwners(trx);
        const staff = await trx
          .selectFrom('staff')
          .select(['id', 'role', 'status', 'email'])
          .where('id', '=', staffId)
          .where('status', '<>', 'removed')
          .forUpdate()
          .executeTakeFirst();
        if (!staff) throw notFound('No such staff member');
        if (staff.role === 'owner' && staff.status === 'active' && owners <= 1)
          throw conflict('The shop needs an owner: the last owner cannot be removed');
        await trx.updateTable('staff').set({ status: 'removed', updated_at: new Date() }).where('id', '=', staffId).execute();
        await endSessions(trx, staffId);
        await trx
          .updateTable('staff_invites')
          .set({ expires_at: new Date() })
          .where('staff_id', '=', staffId)
          .where('used_at', 'is', null)
          .execute();
        await recordAudit(trx, actor, {
          action: 'staff.removed',
          subject: { kind: 'staff', id: staffId },
          before: { email: staff.email, role: staff.role, status: staff.status },
        });
      });
    },

    /** A new password ends every session; the current one is needed. */
    async changePassword(principal: StaffPrincipal, input: { current: unknown; next: unknown }, request: RequestFacts = {}) {
      const problem = passwordProblem(input.next);
      if (problem) throw badRequest(problem, 'password');
      // A stolen session cannot guess the current password without limit.
      const tries = await attempts.reserve(`staff-password-change:${principal.id}`, SIGN_IN_FAILURES);
      if (!tries.allowed) throw tooManyRequests(`Too many wrong passwords: try again in ${minutes(tries.retryMs)}`);
      const row = await db.selectFrom('staff').select('password_hash').where('id', '=', principal.id).executeTakeFirstOrThrow();
      if (typeof input.current !== 'string' || !row.password_hash || !(await verifyPassword(row.password_hash, input.current))) {
        throw badRequest('The current password is not right', 'currentPassword');
      }
      const hash = await hashPassword(input.next as string);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ password_hash: hash }).where('id', '=', principal.id).execute();
        await endSessions(trx, principal.id);
        await recordAudit(trx, staffActor(principal, request), {
          action: 'staff.password_changed',
          subject: { kind: 'staff', id: principal.id },
        });
      });
    },

    /** Lifts a lock-out (wrong codes in a window, or in a row): the person can sign in again at once. */
    async unlock(staffId: string, actor: Actor) {
      await db.transaction().execute(async (trx) => {
        const staff = await trx
          .selectFrom('staff')
          .select('id')
          .where('id', '=', staffId)
          .where('status', '=', 'active')
          .executeTakeFirst();
        if (!staff) throw notFound('No such staff member');
        const was = await factors.unlock(trx, staffId);
        if (!was) throw conflict('This account is not locked');
        await recordAudit(trx, actor, { action: 'staff.unlocked', subject: { kind: 'staff', id: staffId }, before: was });
      });
    },

    /**
     * Starts moving the second factor to a new authenticator app (a new phone): the password again, then a
     * new secret to scan, kept aside for ten minutes until its first code proves the app holds it.
     */
    async startAuthenticatorChange(principal: StaffPrincipal, currentPassword: unknown) {
      const key = `staff-authenticator-password:${principal.id}`;
      const tries = await attempts.reserve(key, SIGN_IN_FAILURES);
      if (!tries.allowed) throw tooManyRequests(`Too many wrong passwords: try again in ${minutes(tries.retryMs)}`);
      if (typeof currentPassword !== 'string' || !(await this.passwordIs(principal.id, currentPassword)))
        throw badRequest('The password is not right', 'currentPassword');
      await attempts.release(key);
      const secret = newTotpSecret();
      const expiresAt = new Date(Date.now() + AUTHENTICATOR_CHANGE_MS);
      await db
        .updateTable('staff')
        .set({ pending_totp_secret: sealer.seal(secret), pending_totp_expires_at: expiresAt })
        .where('id', '=', principal.id)
        .execute();
      const uri = totpFor(secret, principal.email, deps.shopName).toString();
      return { uri, secret, qrSvg: await qrSvg(uri), expiresAt: expiresAt.toISOString() };
    },

    /** The new app's first code: it becomes the second factor, and every other session of the person ends. */
    async finishAuthenticatorChange(principal: StaffPrincipal, code: unknown, request: RequestFacts = {}) {
      const key = `staff-authenticator-code:${principal.id}`;
      const tries = await attempts.reserve(key, SIGN_IN_FAILURES);
      if (!tries.allowed) throw tooManyRequests(`Too many wrong codes: try again in ${minutes(tries.retryMs)}`);
      const row = await db
        .selectFrom('staff')
        .select(['pending_totp_secret', 'pending_totp_expires_at'])
        .where('id', '=', principal.id)
        .executeTakeFirstOrThrow();
      if (!row.pending_totp_secret || !row.pending_totp_expires_at || new Date(row.pending_totp_expires_at).getTime() <= Date.now())
        throw conflict('Start again: the new authenticator was not set up, or ten minutes have passed', 'code');
      const step = typeof code === 'string' ? totpStep(sealer.open(row.pending_totp_secret), code) : null;
      if (step === null) throw badRequest('The code from the new authenticator app is not right: enter the one it shows now', 'code');
      await attempts.release(key);
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('staff')
          .set({ totp_secret: row.pending_totp_secret, totp_last_step: step, pending_totp_secret: null, pending_totp_expires_at: null })
          .where('id', '=', principal.id)
          .where('pending_totp_secret', '=', row.pending_totp_secret)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw conflict('The new authenticator was changed meanwhile: start again', 'code');
        await trx
          .updateTable('staff_sessions')
          .set({ revoked_at: sql<Date>`now()` })
          .where('staff_id', '=', principal.id)
          .where('id', '<>', principal.sessionId)
          .where('revoked_at', 'is', null)
          .execute();
        await recordAudit(trx, staffActor(principal, request), {
          action: 'staff.authenticator_changed',
          subject: { kind: 'staff', id: principal.id },
        });
      });
      await deps.mailer
        ?.send({
          to: principal.email,
          subject: `${deps.shopName}: your authenticator app was changed`,
          text: 'Your back-office sign-in codes now come from a new authenticator app, and your other sessions were ended. If you did not do this, tell an owner at once.',
          html: '<p>Your back-office sign-in codes now come from a new authenticator app, and your other sessions were ended. If you did not do this, tell an owner at once.</p>',
        })
        .catch((err: unknown) => deps.log?.(`${principal.email} could not be told of their new authenticator`, err));
    },

    /** Whether anyone can run the shop yet (the start-up banner invites the first owner when not). */
    async hasActiveOwner(): Promise<boolean> {
      return Boolean(
        await db.selectFrom('staff').select('id').where('role', '=', 'owner').where('status', '=', 'active').executeTakeFirst(),
      );
    },
  };
}

export type StaffService = ReturnType<typeof staffService>;
