import { isStaffRole } from '@digitic/shop-rules';
import type { StaffListingRecord } from '@digitic/rest-contract';
import type { Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { type RequestFacts, type StaffPrincipal, staffActor } from '../auth/staff-principal.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../domain/errors.js';
import { endSessions, expireInvites, minutes, passwordProblem, SIGN_IN_FAILURES, type StaffDeps } from './accounts.js';
import { factorAttempts } from './factor-attempts.js';

/** The staff list and what an owner does to it (roles, removal, unlocking), and a member's own password. */
export function staffMembers(deps: StaffDeps) {
  const { db, attempts } = deps;
  const factors = factorAttempts(db);

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
    /** Everyone not removed, oldest first, as the contract answers them (times as ISO 8601). */
    async list(): Promise<StaffListingRecord[]> {
      const rows = await db
        .selectFrom('staff')
        .select(['id', 'email', 'name', 'role', 'status', 'locked_until', 'factor_blocked_at', 'created_at'])
        .where('status', '<>', 'removed')
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({
        ...r,
        status: r.status === 'active' ? 'active' : 'invited',
        locked_until: r.locked_until?.toISOString() ?? null,
        factor_blocked_at: r.factor_blocked_at?.toISOString() ?? null,
        created_at: r.created_at.toISOString(),
      }));
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
        await expireInvites(trx, [staffId]);
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
  };
}
