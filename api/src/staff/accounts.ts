import { type Kysely, sql, type Transaction } from 'kysely';
import type { AttemptWindows } from '../auth/attempts.js';
import { dummyHash, verifyPassword } from '../auth/password.js';
import type { Database } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { PasskeysService } from './passkeys.js';
import type { Sealer } from './secrets.js';
import type { ShopIdentityReader } from '../settings/settings.js';

// What the staff accounts' modules (invitations, sessions, members, authenticator) share.

export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
/** A session that sees no request for this long ends (STAFF_IDLE_MINUTES). */
export const DEFAULT_IDLE_MS = 30 * 60 * 1000;
/** However busy, a session ends this long after sign-in. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** Wrong passwords of one account from one address in a window (second factors: factor-attempts.ts). */
export const SIGN_IN_FAILURES = { limit: 5, windowMs: 15 * 60 * 1000 };
export const SIGN_IN_FAILURES_PER_ADDRESS = { limit: 20, windowMs: 15 * 60 * 1000 };
export const STAFF_PASSWORD = { min: 12, max: 128 };

export interface StaffDeps {
  db: Kysely<Database>;
  sealer: Sealer;
  attempts: AttemptWindows;
  /** Where the back office is, for enrolment links: `${adminUrl}/enrol#<token>`. */
  adminUrl: string;
  /** The shop's name as saved (settings), for e-mails and the authenticator app's label. */
  shop: ShopIdentityReader;
  idleMs?: number;
  /** Passkeys as the second factor beside the code (staff/passkeys.ts). */
  passkeys?: PasskeysService;
  /** Tells the owners when an account is locked until unlocked. */
  mailer?: Mailer;
  log?: (line: string, detail?: unknown) => void;
}

/** An authenticator's QR code as SVG; qrcode loads with the first one drawn, not with the api (the memory goal). */
export const qrSvg = async (uri: string) => (await import('qrcode')).default.toString(uri, { type: 'svg', margin: 1 });
export const minutes = (ms: number) => `${Math.max(1, Math.ceil(ms / 60_000))} minute${Math.ceil(ms / 60_000) === 1 ? '' : 's'}`;
export const emailKey = (email: string) => email.trim().toLowerCase();
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;

export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length < STAFF_PASSWORD.min)
    return `The password must be at least ${STAFF_PASSWORD.min} characters`;
  if (password.length > STAFF_PASSWORD.max) return `The password must be at most ${STAFF_PASSWORD.max} characters`;
  return null;
}

/** Whether this is the staff member's current password (asked again before adding a passkey or a new authenticator). */
export async function passwordIs(db: Kysely<Database>, staffId: string, password: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff')
    .select('password_hash')
    .where('id', '=', staffId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return verifyPassword(row?.password_hash ?? (await dummyHash()), password);
}

export const ownerExists = async (trx: Kysely<Database> | Transaction<Database>) =>
  Boolean(await trx.selectFrom('staff').select('id').where('role', '=', 'owner').where('status', '=', 'active').executeTakeFirst());

/**
 * Every session of a staff member ends now (password change, role change, removal): revoked by the database in
 * the change's own transaction, whatever the clocks say (sessions_since is moved on as well, for any session
 * made meanwhile).
 */
export const endSessions = async (trx: Kysely<Database> | Transaction<Database>, staffId: string) => {
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

/** The unused enrolment links of these staff members stop working now (a new link, a removal, a voided first-owner link). */
export const expireInvites = async (trx: Kysely<Database> | Transaction<Database>, staffIds: string[]) => {
  await trx
    .updateTable('staff_invites')
    .set({ expires_at: new Date() })
    .where('staff_id', 'in', staffIds)
    .where('used_at', 'is', null)
    .execute();
};
