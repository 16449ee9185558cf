import type { Kysely } from 'kysely';
import { ATTEMPT_LIMITS, accountKey, tooManyAttempts } from '@digitic/shop-rules';
import type { AttemptRule, AttemptWindows } from '../auth/attempts.js';
import { hashLinkToken, looksLikeLinkToken, newLinkToken } from '../auth/link-token.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { Customer, Database } from '../db/schema.js';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../domain/errors.js';
import { escapeHtml } from '../mail/escape-html.js';
import type { Mailer } from '../mail/mailer.js';
import type { ShopIdentityReader } from '../settings/settings.js';

export const UNDO_EMAIL_CHANGE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Each change mails the address it leaves, which nobody proved was the customer's: a bound on those mails.
const CHANGES_PER_ACCOUNT: AttemptRule = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };

export const EMAIL_CHANGE_MESSAGES = {
  passwordRequired: 'Enter your current password to change your e-mail',
  passwordWrong: 'The current password is not correct',
  tooManyChanges: 'Your e-mail has been changed too often today. Please try again tomorrow.',
  taken: 'An account with this email already exists',
  sessionEnded: 'Not authorized: the token is no longer valid, sign in again',
  undoInvalid: 'This link is invalid, has expired or was already used.',
} as const;

export interface Profile {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
}

/** A sessions stamp later than `prev` even within the same millisecond, so no token signed with `prev` matches it. */
const stampAfter = (prev: Date) => new Date(Math.max(Date.now(), prev.getTime() + 1));

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * Whether `email` is the address an unused undo link of another customer would put back. It stays theirs
 * until the link expires: otherwise whoever changed it could take it (sign up with it) to block the undo.
 */
export async function heldForUndo(db: Kysely<Database>, email: string, customerId?: string): Promise<boolean> {
  let query = db
    .selectFrom('email_changes')
    .select('id')
    .where('old_email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date());
  if (customerId) query = query.where('customer_id', '!=', customerId);
  return Boolean(await query.executeTakeFirst());
}

export interface EmailChangeDeps {
  db: Kysely<Database>;
  webUrl: string;
  mailer: Mailer;
  attempts: AttemptWindows;
  /** The shop's name as saved (settings), for the notice. */
  shop: ShopIdentityReader;
}

/**
 * A bearer token alone must not move an account to another address (and from there, by a password reset,
 * take it for good): a change needs the current password, ends every other session, and mails the address
 * it leaves a link that puts it back.
 */
export function emailChanges({ db, webUrl, mailer, attempts, shop }: EmailChangeDeps) {
  /** The current password, counted in the account's sign-in window so it cannot become a guessing oracle. */
  async function proveOwner(customer: Customer, password: string | undefined) {
    if (!password) throw badRequest(EMAIL_CHANGE_MESSAGES.passwordRequired, 'currentPassword');
    const key = `login:${accountKey(customer.email)}`;
    const reserved = await attempts.reserve(key, ATTEMPT_LIMITS.loginFailuresPerAccount);
    if (!reserved.allowed) throw tooManyRequests(tooManyAttempts('login', reserved.retryMs));
    if (!(await verifyPassword(customer.password_hash, password))) throw badRequest(EMAIL_CHANGE_MESSAGES.passwordWrong, 'currentPassword');
    await attempts.clear(key);
  }

  /** Puts the profile back as it was, unless something else changed the account since. */
  async function revert(before: Customer, after: Customer, tokenHash: string) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('email_changes').where('token_hash', '=', tokenHash).execute();
      const { firstname, lastname, email, mobile, sessions_since } = before;
      await trx
        .updateTable('customers')
        .set({ firstname, lastname, email, mobile, sessions_since, updated_at: new Date() })
        .where('id', '=', before.id)
        .where('sessions_since', '=', after.sessions_since)
        .execute();
    });
  }

  return {
    /** Changes the e-mail (with the rest of the profile) of `customer`, as read when the request was let in. */
    async change(customer: Customer, profile: Profile, currentPassword: string | undefined): Promise<Customer> {
      await proveOwner(customer, currentPassword);
      // The notice is what makes a change undoable: without mail, nothing changes.
      await mailer.ready();
      // Counted before "already exists" is answered, and kept when it is: otherwise changing the e-mail would
      // tell which addresses have accounts, as often as asked.
      const countKey = `email-change:${customer.id}`;
      const reserved = await attempts.reserve(countKey, CHANGES_PER_ACCOUNT);
      if (!reserved.allowed) throw tooManyRequests(EMAIL_CHANGE_MESSAGES.tooManyChanges);
      if (await heldForUndo(db, profile.email, customer.id)) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email');

      const token = newLinkToken();
      const tokenHash = hashLinkToken(token);
      let changed: { before: Customer; after: Customer };
      try {
        changed = await db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('customers').selectAll().where('id', '=', customer.id).forUpdate().executeTakeFirstOrThrow();
          // A reset or another change ended this session while the password was checked.
          if (before.sessions_since.getTime() !== customer.sessions_since.getTime()) throw unauthorized(EMAIL_CHANGE_MESSAGES.sessionEnded);
          const after = await trx
            .updateTable('customers')
            .set({ ...profile, sessions_since: stampAfter(before.sessions_since), updated_at: new Date() })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          // A reset link mailed to the old address must not outlive the change; the undo link is its way back.
          await trx.deleteFrom('reset_tokens').where('customer_id', '=', before.id).execute();
          await trx
            .insertInto('email_changes')
            .values({
              customer_id: before.id,
              old_email: before.email,
              new_email: after.email,
              token_hash: tokenHash,
              expires_at: new Date(Date.now() + UNDO_EMAIL_CHANGE_TTL_MS),
            })
            .execute();
          return { before, after };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email');
        await attempts.release(countKey).catch(() => undefined);
        throw err;
      }

      try {
        await mailer.send(changeNotice(changed.before, changed.after.email, `${webUrl}/undo-email-change/${token}`, (await shop()).name));
      } catch (err) {
        await revert(changed.before, changed.after, tokenHash);
        await attempts.release(countKey).catch(() => undefined);
        throw err;
      }
      return changed.after;
    },

    /**
     * Puts back the address an undo link was mailed to. Whoever made the change knew the password, so it stops
     * working too: every session ends and the owner chooses a new password through that address.
     */
    async undo(token: string) {
      const invalid = () => badRequest(EMAIL_CHANGE_MESSAGES.undoInvalid, 'token');
      if (!looksLikeLinkToken(token)) throw invalid();
      const unusablePassword = await hashPassword(newLinkToken());
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('email_changes')
          .selectAll()
          .where('token_hash', '=', hashLinkToken(token))
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.used_at || row.expires_at.getTime() <= Date.now()) throw invalid();
        const customer = await trx
          .selectFrom('customers')
          .select(['id', 'sessions_since'])
          .where('id', '=', row.customer_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        try {
          await trx
            .updateTable('customers')
            .set({
              email: row.old_email,
              password_hash: unusablePassword,
              password_changed_at: new Date(),
              sessions_since: stampAfter(customer.sessions_since),
              updated_at: new Date(),
            })
            .where('id', '=', customer.id)
            .execute();
        } catch (err) {
          if (isUniqueViolation(err)) {
            throw conflict(`Another account now uses ${row.old_email}, so it cannot be put back. Please contact us.`, 'token');
          }
          throw err;
        }
        // This link and later changes' links (which would hand the account back to whoever made them) are
        // spent; links of earlier changes stay good, so the first address's owner always has the last word
        // (a thief's own undo link must not spend the owner's).
        await trx
          .updateTable('email_changes')
          .set({ used_at: new Date() })
          .where('customer_id', '=', customer.id)
          .where('used_at', 'is', null)
          .where('created_at', '>=', row.created_at)
          .execute();
        await trx.deleteFrom('reset_tokens').where('customer_id', '=', customer.id).execute();
        return {
          message: `Your account's e-mail is ${row.old_email} again. Everyone was signed out and the password no longer works: choose a new one with Forgot Password.`,
        };
      });
    },
  };
}

function changeNotice(before: Customer, newEmail: string, link: string, shopName: string) {
  const days = UNDO_EMAIL_CHANGE_TTL_MS / (24 * 60 * 60 * 1000);
  const lines = {
    hi: `Hi ${before.firstname},`,
    changed: `The e-mail address of your ${shopName} account was changed from ${before.email} to ${newEmail}. You now sign in with ${newEmail}, and every other device was signed out.`,
    undo: `If you did not make this change, follow this link within ${days} days to put ${before.email} back and sign everyone out:`,
    then: 'Then choose a new password with Forgot Password: whoever changed your e-mail knew your password.',
    mine: 'If you made this change, there is nothing to do.',
  };
  const p = (v: string) => `<p>${escapeHtml(v)}</p>`;
  return {
    to: before.email,
    subject: `Your ${shopName} e-mail address was changed`,
    text: `${lines.hi}\n\n${lines.changed}\n\n${lines.undo}\n${link}\n\n${lines.then}\n\n${lines.mine}`,
    html: `${p(lines.hi)}${p(lines.changed)}${p(lines.undo)}<p><a href="${escapeHtml(link)}">Put my old e-mail back</a></p>${p(lines.then)}${p(lines.mine)}`,
  };
}
