import type { Kysely } from 'kysely';
import { ATTEMPT_LIMITS, accountKey, tooManyAttempts } from '@digitic/shop-rules';
import type { AttemptWindows } from '../auth/attempts.js';
import { signToken } from '../auth/jwt.js';
import { hashLinkToken, looksLikeLinkToken, newLinkToken } from '../auth/link-token.js';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.js';
import type { Customer, Database } from '../db/schema.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../domain/errors.js';
import { escapeHtml } from '../mail/escape-html.js';
import type { Mailer } from '../mail/mailer.js';
import { emailChanges, heldForUndo, type Profile } from './email-change.js';
import { recordConsent } from './consents.js';
import type { CustomerRecord, SessionRecord } from '@digitic/rest-contract';
import type { ShopIdentityReader } from '../settings/settings.js';

export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;
export const RESET_EMAIL_INTERVAL_MS = 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that e-mail, a password reset link has been sent to it.';
const BAD_LOGIN = 'Invalid email or password';

/** Who a customer is, as every answer about them starts. */
const identity = (c: Customer) => ({ _id: c.id, firstname: c.firstname, lastname: c.lastname, email: c.email, mobile: c.mobile });

export function publicCustomer(c: Customer) {
  const json = { ...identity(c), role: c.role, createdAt: c.created_at.toISOString(), updatedAt: c.updated_at.toISOString() };
  return json satisfies CustomerRecord;
}

export function session(c: Customer, jwtSecret: string) {
  const json = { ...identity(c), token: signToken(c.id, c.sessions_since, jwtSecret) };
  return json satisfies SessionRecord;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
const ALREADY_EXISTS = 'An account with this email already exists';

export interface UsersDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  webUrl: string;
  mailer: Mailer;
  attempts: AttemptWindows;
  /** The shop's name as saved (settings), for the e-mails. */
  shop: ShopIdentityReader;
}

export function usersService({ db, jwtSecret, webUrl, mailer, attempts, shop }: UsersDeps) {
  const changes = emailChanges({ db, webUrl, mailer, attempts, shop });
  return {
    async register(input: {
      firstname: string;
      lastname: string;
      email: string;
      mobile: string | null;
      password: string;
      noticeVersion?: number | undefined;
    }) {
      // Every attempt counts, made or refused as taken: a new account costs a password hash, and
      // "already exists" tells whether an address has an account.
      const reserved = await attempts.reserve(`register:${accountKey(input.email)}`, ATTEMPT_LIMITS.registrationsPerAccount);
      if (!reserved.allowed) throw tooManyRequests(tooManyAttempts('register', reserved.retryMs));
      if (await heldForUndo(db, input.email)) throw conflict(ALREADY_EXISTS, 'email');
      const password_hash = await hashPassword(input.password);
      try {
        const c = await db.transaction().execute(async (trx) => {
          const made = await trx
            .insertInto('customers')
            .values({ firstname: input.firstname, lastname: input.lastname, email: input.email, mobile: input.mobile, password_hash })
            .returningAll()
            .executeTakeFirstOrThrow();
          // Signing up under the privacy notice shown beside the form is the consent to it (DPDP Act, s. 6): recorded
          // with the notice's version, the one the page showed or, from another client, the one in force now.
          await recordConsent(trx, made.id, input.noticeVersion);
          return made;
        });
        return publicCustomer(c);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ALREADY_EXISTS, 'email');
        throw err;
      }
    },

    async login(email: string, password: string) {
      // The attempt is counted before the password is checked: concurrent guesses each take a place of the five.
      const key = `login:${accountKey(email)}`;
      const reserved = await attempts.reserve(key, ATTEMPT_LIMITS.loginFailuresPerAccount);
      if (!reserved.allowed) throw tooManyRequests(tooManyAttempts('login', reserved.retryMs));
      let ok: boolean;
      let customer: Customer | undefined;
      try {
        customer = await db.selectFrom('customers').selectAll().where('email', '=', email).executeTakeFirst();
        ok = await verifyPassword(customer?.password_hash ?? (await dummyHash()), password);
      } catch (err) {
        // Not a guess that failed: the place is given back.
        await attempts.release(key).catch(() => undefined);
        throw err;
      }
      if (!customer || !ok) throw unauthorized(BAD_LOGIN);
      await attempts.clear(key);
      return session(customer, jwtSecret);
    },

    async me(id: string) {
      const c = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return publicCustomer(c);
    },

    /** The e-mail arrives trimmed and lower-cased (as stored): any other spelling of the same address is no change. */
    async updateProfile(id: string, input: Profile & { currentPassword?: string | undefined }) {
      const { currentPassword, ...profile } = input;
      const current = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (profile.email !== current.email) return session(await changes.change(current, profile, currentPassword), jwtSecret);
      // The e-mail is left out: a change made meanwhile is not written back without the password.
      const c = await db
        .updateTable('customers')
        .set({ firstname: profile.firstname, lastname: profile.lastname, mobile: profile.mobile, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return session(c, jwtSecret);
    },

    undoEmailChange: (token: string) => changes.undo(token),

    async requestPasswordReset(email: string) {
      // Known or unknown, the caller sees the same answer; mail trouble is reported before the look-up.
      await mailer.ready();
      const customer = await db.selectFrom('customers').select(['id', 'firstname']).where('email', '=', email).executeTakeFirst();
      if (!customer) return { message: FORGOT_PASSWORD_MESSAGE };
      // At most one e-mail a minute per customer, so the form cannot flood an inbox; the answer is the same.
      const recent = await db
        .selectFrom('reset_tokens')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('created_at', '>', new Date(Date.now() - RESET_EMAIL_INTERVAL_MS))
        .executeTakeFirst();
      if (recent) return { message: FORGOT_PASSWORD_MESSAGE };
      const token = newLinkToken();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('reset_tokens').where('customer_id', '=', customer.id).execute();
        await trx
          .insertInto('reset_tokens')
          .values({ customer_id: customer.id, token_hash: hashLinkToken(token), expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
          .execute();
      });
      const link = `${webUrl}/reset-password/${token}`;
      await mailer.send({
        to: email,
        subject: `Reset your ${(await shop()).name} password`,
        text: `Hi ${customer.firstname},\n\nFollow this link to reset your password. It is valid for 10 minutes:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        html: `<p>Hi ${escapeHtml(customer.firstname)},</p><p>Follow this link to reset your password. It is valid for 10 minutes:</p><p><a href="${link}">Reset my password</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
      });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    async resetPassword(token: string, password: string) {
      const invalid = () => badRequest('This password reset link is invalid or has expired. Please request a new one.', 'token');
      if (!looksLikeLinkToken(token)) throw invalid();
      const password_hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('reset_tokens')
          .selectAll()
          .where('token_hash', '=', hashLinkToken(token))
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) throw invalid();
        const now = new Date();
        await trx
          .updateTable('customers')
          .set({ password_hash, password_changed_at: now, sessions_since: now, updated_at: now })
          .where('id', '=', row.customer_id)
          .execute();
        await trx.updateTable('reset_tokens').set({ used_at: new Date() }).where('id', '=', row.id).execute();
        await trx.deleteFrom('reset_tokens').where('customer_id', '=', row.customer_id).where('id', '!=', row.id).execute();
      });
      return { message: 'Password changed. You can now sign in with your new password.' };
    },
  };
}
