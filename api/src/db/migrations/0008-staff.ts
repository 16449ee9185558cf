import { type Kysely, sql } from 'kysely';

// Staff are not customers: their own table, invitations, sessions and recovery codes.
// - A staff member exists from their invitation (status 'invited', no password, no second factor) and
//   becomes 'active' only by enrolling both: there is no default account and no default password.
// - The TOTP secret is kept encrypted (AES-256-GCM, a key derived from the api's secret); the last
//   accepted time step is kept so a code is good once.
// - Sessions, invitations and recovery codes are kept as SHA-256 hashes: the database never holds one
//   that works. A session ends when it idles out, on sign-out, and whenever `sessions_since` moves on
//   (a password change, a role change, removal).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      name text not null default '',
      role text not null check (role in ('owner', 'manager', 'fulfilment', 'support', 'catalogue')),
      status text not null default 'invited' check (status in ('invited', 'active', 'removed')),
      password_hash text,
      totp_secret text,
      totp_last_step bigint,
      sessions_since timestamptz not null default now(),
      lockouts integer not null default 0,
      locked_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint staff_active_has_factors check (status <> 'active' or (password_hash is not null and totp_secret is not null))
    )
  `.execute(db);
  await sql`create unique index staff_email on staff (lower(email)) where status <> 'removed'`.execute(db);
  await sql`
    create table staff_invites (
      id uuid primary key default gen_random_uuid(),
      staff_id uuid not null references staff (id),
      token_hash text not null unique,
      totp_secret text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      invited_by uuid references staff (id),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table staff_recovery_codes (
      id uuid primary key default gen_random_uuid(),
      staff_id uuid not null references staff (id),
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index staff_recovery_codes_staff on staff_recovery_codes (staff_id)`.execute(db);
  await sql`
    create table staff_sessions (
      id uuid primary key default gen_random_uuid(),
      staff_id uuid not null references staff (id),
      token_hash text not null unique,
      csrf_hash text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      address text,
      user_agent text
    )
  `.execute(db);
  await sql`create index staff_sessions_staff on staff_sessions (staff_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_sessions`.execute(db);
  await sql`drop table staff_recovery_codes`.execute(db);
  await sql`drop table staff_invites`.execute(db);
  await sql`drop table staff`.execute(db);
}
