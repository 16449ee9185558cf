import { type Kysely, sql } from 'kysely';

// Passkeys (WebAuthn) as a staff member's second factor beside the authenticator app's code:
// - staff_passkeys: each registered credential, its public key (COSE, base64url) and signature counter;
// - staff_webauthn_challenges: the one-time challenges the api gave out (five minutes, used once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_passkeys (
      id uuid primary key default gen_random_uuid(),
      staff_id uuid not null references staff (id),
      credential_id text not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports text[] not null default '{}',
      name text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`create index staff_passkeys_staff on staff_passkeys (staff_id)`.execute(db);
  await sql`
    create table staff_webauthn_challenges (
      id uuid primary key default gen_random_uuid(),
      staff_id uuid references staff (id),
      purpose text not null check (purpose in ('register', 'authenticate')),
      challenge text not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index staff_webauthn_challenges_expiry on staff_webauthn_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_webauthn_challenges`.execute(db);
  await sql`drop table staff_passkeys`.execute(db);
}
