import { ROLE_PERMISSIONS } from '@digitic/shop-rules';
import { sql } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { dummyHash, verifyPassword } from '../auth/password.js';
import { type RequestFacts, type StaffPrincipal, staffActor } from '../auth/staff-principal.js';
import { forbidden, badRequest, tooManyRequests, unauthorized } from '../domain/errors.js';
import { addressKey } from '../http/client-address.js';
import { escapeHtml } from '../mail/escape-html.js';
import {
  DEFAULT_IDLE_MS,
  emailKey,
  minutes,
  SESSION_MAX_MS,
  SIGN_IN_FAILURES,
  SIGN_IN_FAILURES_PER_ADDRESS,
  type StaffDeps,
} from './accounts.js';
import { factorAttempts } from './factor-attempts.js';
import type { PasskeyAnswer } from './webauthn.js';
import { hashToken, looksLikeToken, newToken, normaliseRecoveryCode, totpStep } from './secrets.js';

const SIGN_IN_REFUSED = 'The e-mail, password or code is not right';

/** Signing in (password and a second factor), the session every staff request stands on, and signing out. */
export function staffSessions(deps: StaffDeps) {
  const { db, sealer, attempts } = deps;
  const idleMs = deps.idleMs ?? DEFAULT_IDLE_MS;
  const factors = factorAttempts(db);

  /** Every active owner hears that an account is locked until someone unlocks it (theirs included). */
  async function tellOwnersOfBlock(staff: { email: string; name: string }, failures: number) {
    if (!deps.mailer) return;
    const owners = await db.selectFrom('staff').select('email').where('role', '=', 'owner').where('status', '=', 'active').execute();
    const who = staff.name ? `${staff.name} (${staff.email})` : staff.email;
    const shopName = (await deps.shop()).name;
    const text =
      `${who} signed in to the back office of ${shopName} with the right password, then gave ${failures} wrong ` +
      'codes in a row, so the account is locked until an owner unlocks it in Staff. If it was not them, ' +
      'their password is known to someone else: ask them to change it once you have unlocked the account.';
    for (const owner of owners) {
      await deps.mailer
        .send({
          to: owner.email,
          subject: `${shopName}: a back-office account is locked`,
          text,
          html: `<p>${escapeHtml(text)}</p>`,
        })
        .catch((err: unknown) => deps.log?.(`the owners could not be told that ${staff.email} is locked`, err));
    }
  }

  type Factor = 'totp' | 'recovery code' | 'passkey';
  /**
   * The second factor of a staff member whose password was right: a passkey signing the one-time challenge, the
   * authenticator's code, or a recovery code, each good once. The answer is the factor, or why it was refused.
   */
  async function secondFactor(
    staff: { id: string; totp_secret: string },
    input: { code?: unknown; recoveryCode?: unknown; passkey?: PasskeyAnswer | null },
  ): Promise<{ factor: Factor; passkeyId: string | null } | string> {
    if (input.passkey) {
      const passkeyId = deps.passkeys ? await deps.passkeys.verify(staff.id, input.passkey) : null;
      return passkeyId ? { factor: 'passkey', passkeyId } : 'wrong or unknown passkey';
    }
    if (typeof input.code === 'string') {
      const step = totpStep(sealer.open(staff.totp_secret), input.code);
      if (step === null) return 'wrong code';
      // Good once: the step moves forward in one guarded update, so a replayed or concurrent code finds none.
      const taken = await db
        .updateTable('staff')
        .set({ totp_last_step: step })
        .where('id', '=', staff.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? { factor: 'totp', passkeyId: null } : 'code used already';
    }
    const used = await db
      .updateTable('staff_recovery_codes')
      .set({ used_at: new Date() })
      .where('staff_id', '=', staff.id)
      .where('code_hash', '=', hashToken(normaliseRecoveryCode(String(input.recoveryCode))))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? { factor: 'recovery code', passkeyId: null } : 'wrong or used recovery code';
  }

  return {
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

      const proof = await secondFactor({ id: staff.id, totp_secret: staff.totp_secret }, input);
      if (typeof proof === 'string') throw await failed(staff.id, proof);
      const { factor, passkeyId } = proof;

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
  };
}
