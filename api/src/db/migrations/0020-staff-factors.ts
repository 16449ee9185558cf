import { type Kysely, sql } from 'kysely';

// The second factor's guards, kept on the staff row so an attempt and the lock are read and written in one
// guarded update (staff/factor-attempts.ts):
// - factor_window_started_at / factor_window_hits: the attempts of the current window (five in 15 minutes);
// - factor_failures: wrong codes in a row until a right one (NIST SP 800-63B 5.2.2: at most 100), and
//   factor_blocked_at: when that total locked the account, until a staff manager unlocks it;
// - pending_totp_secret / pending_totp_expires_at: a new authenticator being enrolled from "Your account".
// And the client address that asked for a passkey sign-in challenge, so each address holds only a few.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table staff
      add column factor_window_started_at timestamptz,
      add column factor_window_hits integer not null default 0,
      add column factor_failures integer not null default 0,
      add column factor_blocked_at timestamptz,
      add column pending_totp_secret text,
      add column pending_totp_expires_at timestamptz
  `.execute(db);
  await sql`alter table staff_webauthn_challenges add column address text`.execute(db);
  await sql`create index staff_webauthn_challenges_address on staff_webauthn_challenges (address) where staff_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index staff_webauthn_challenges_address`.execute(db);
  await sql`alter table staff_webauthn_challenges drop column address`.execute(db);
  await sql`
    alter table staff
      drop column factor_window_started_at, drop column factor_window_hits, drop column factor_failures,
      drop column factor_blocked_at, drop column pending_totp_secret, drop column pending_totp_expires_at
  `.execute(db);
}
