import { sql } from 'kysely';
import { recordAudit } from '../audit/record.js';
import { type RequestFacts, type StaffPrincipal, staffActor } from '../auth/staff-principal.js';
import { badRequest, conflict, tooManyRequests } from '../domain/errors.js';
import { minutes, passwordIs, qrSvg, SIGN_IN_FAILURES, type StaffDeps } from './accounts.js';
import { newTotpSecret, totpFor, totpStep } from './secrets.js';

/** How long a new authenticator's secret waits for its first code (startAuthenticatorChange). */
const AUTHENTICATOR_CHANGE_MS = 10 * 60 * 1000;

/** Moving a staff member's second factor to a new authenticator app (a new phone). */
export function staffAuthenticator(deps: StaffDeps) {
  const { db, sealer, attempts } = deps;

  return {
    /**
     * Starts moving the second factor to a new authenticator app (a new phone): the password again, then a
     * new secret to scan, kept aside for ten minutes until its first code proves the app holds it.
     */
    async startAuthenticatorChange(principal: StaffPrincipal, currentPassword: unknown) {
      const key = `staff-authenticator-password:${principal.id}`;
      const tries = await attempts.reserve(key, SIGN_IN_FAILURES);
      if (!tries.allowed) throw tooManyRequests(`Too many wrong passwords: try again in ${minutes(tries.retryMs)}`);
      if (typeof currentPassword !== 'string' || !(await passwordIs(db, principal.id, currentPassword)))
        throw badRequest('The password is not right', 'currentPassword');
      await attempts.release(key);
      const secret = newTotpSecret();
      const expiresAt = new Date(Date.now() + AUTHENTICATOR_CHANGE_MS);
      await db
        .updateTable('staff')
        .set({ pending_totp_secret: sealer.seal(secret), pending_totp_expires_at: expiresAt })
        .where('id', '=', principal.id)
        .execute();
      const uri = totpFor(secret, principal.email, (await deps.shop()).name).toString();
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
          subject: `${(await deps.shop()).name}: your authenticator app was changed`,
          text: 'Your back-office sign-in codes now come from a new authenticator app, and your other sessions were ended. If you did not do this, tell an owner at once.',
          html: '<p>Your back-office sign-in codes now come from a new authenticator app, and your other sessions were ended. If you did not do this, tell an owner at once.</p>',
        })
        .catch((err: unknown) => deps.log?.(`${principal.email} could not be told of their new authenticator`, err));
    },
  };
}
