import { isStaffRole } from '@digitic/shop-rules';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { hashPassword } from '../auth/password.js';
import type { RequestFacts } from '../auth/staff-principal.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../domain/errors.js';
import { mailInvite } from './invite-mail.js';
import { emailKey, expireInvites, INVITE_TTL_MS, looksLikeEmail, ownerExists, passwordProblem, qrSvg, type StaffDeps } from './accounts.js';
import {
  hashToken,
  looksLikeToken,
  newRecoveryCodes,
  newToken,
  newTotpSecret,
  normaliseRecoveryCode,
  totpFor,
  totpStep,
} from './secrets.js';

/** Invitations and enrolment: how a person joins the staff (and how the shop gets its first owner). */
export function staffInvitations(deps: StaffDeps) {
  const { db, sealer } = deps;

  /**
   * A one-time enrolment link for a staff member, good for 24 hours, replacing any earlier one not used. Only the
   * link's hash is kept, with the authenticator secret it will show (sealed).
   */
  async function issueInvite(trx: Transaction<Database>, staffId: string, invitedBy: string | null) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
    await expireInvites(trx, [staffId]);
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
    await expireInvites(trx, ids);
    for (const id of ids) {
      await recordAudit(
        trx,
        { kind: 'system' },
        { action: 'staff.invite_voided', subject: { kind: 'staff', id }, after: { reason: 'an owner enrolled' } },
      );
    }
  }

  const api = {
    /**
     * Invites a person by e-mail with a role: their account exists, invited, with no password and no second
     * factor; the answer is a one-time enrolment link good for 24 hours (never stored: only its hash is),
     * e-mailed to them as well (the answer says whether the mailer took it).
     */
    async invite(input: { email: string; role: string; name?: string }, actor: Actor, invitedBy: string | null = null) {
      const email = input.email.trim();
      if (!looksLikeEmail(email)) throw badRequest('The e-mail address is not valid', 'email');
      if (!isStaffRole(input.role)) throw badRequest(`The role must be one of owner, manager, fulfilment, support, catalogue`, 'role');
      const role = input.role;
      const result = await db.transaction().execute(async (trx) => {
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
        // Invited again: the new role, and the name if one is given now.
        if (existing)
          await trx
            .updateTable('staff')
            .set({ role, ...(input.name?.trim() ? { name: input.name.trim() } : {}), updated_at: new Date() })
            .where('id', '=', id)
            .execute();
        const invitation = await issueInvite(trx, id, invitedBy);
        await recordAudit(trx, actor, {
          action: 'staff.invited',
          subject: { kind: 'staff', id },
          after: { email, role, expiresAt: invitation.expiresAt },
        });
        const inviter = invitedBy
          ? await trx.selectFrom('staff').select(['name', 'email']).where('id', '=', invitedBy).executeTakeFirst()
          : undefined;
        const name = (await trx.selectFrom('staff').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
        return { staffId: id, ...invitation, name, inviter: inviter ? inviter.name || inviter.email : null };
      });
      // After the commit: the invitation stands whether or not the mailer takes it (the owner has the link).
      const emailed = await mailInvite(deps, {
        to: email,
        name: result.name,
        role,
        inviter: result.inviter,
        link: result.link,
        expiresAt: result.expiresAt,
      });
      return { staffId: result.staffId, link: result.link, expiresAt: result.expiresAt, emailed };
    },

    /**
     * For a shop nobody can run yet (no active owner): an invitation for the first owner, who names their
     * own e-mail when they enrol. Each call replaces the last such link; null once there is an owner.
     */
    async inviteFirstOwner(): Promise<{ link: string; expiresAt: Date } | null> {
      if (await api.hasActiveOwner()) return null;
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
      const invite = await api.openInvite(db, token);
      // A fresh secret at every view, and the last one shown is the one enrolled: whoever looked at the link
      // before its owner did holds no second factor of theirs.
      const secret = newTotpSecret();
      await db
        .updateTable('staff_invites')
        .set({ totp_secret: sealer.seal(secret) })
        .where('id', '=', invite.id)
        .where('used_at', 'is', null)
        .execute();
      const uri = totpFor(secret, invite.email || 'owner', (await deps.shop()).name).toString();
      return {
        email: invite.email,
        /** The name the owner gave when inviting (prefilled on the enrolment page), or empty. */
        name: invite.name,
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
        .select(['i.id', 'i.staff_id', 'i.totp_secret', 'i.expires_at', 'i.used_at', 's.email', 's.name', 's.role', 's.status'])
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
      await api.openInvite(db, token);
      const hash = await hashPassword(password);
      const codes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        // Enrolments take the first-owner placeholder's row lock first, one at a time: an enrolment with the
        // first-owner link that waited here sees the owner enrolled meanwhile, and is refused.
        await trx.selectFrom('staff').select('id').where('email', '=', '').where('status', '=', 'invited').forUpdate().execute();
        const invite = await api.openInvite(trx, token, true);
        const secret = sealer.open(invite.totp_secret);
        const step = typeof input.code === 'string' ? totpStep(secret, input.code) : null;
        if (step === null) throw badRequest('The code from the authenticator app is not right: enter the one it shows now', 'code');
        const name = typeof input.name === 'string' ? input.name.trim().slice(0, 100) : undefined;
        // The first owner's invitation names no one: they give their e-mail here.
        let email: string | undefined;
        if (invite.email === '') {
          email = typeof input.email === 'string' ? input.email.trim() : '';
          if (!looksLikeEmail(email)) throw badRequest('Enter your e-mail address: you sign in with it', 'email');
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

    /** Whether anyone can run the shop yet (the start-up banner invites the first owner when not). */
    async hasActiveOwner(): Promise<boolean> {
      return ownerExists(db);
    },
  };
  return api;
}
