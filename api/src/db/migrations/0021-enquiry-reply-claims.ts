import { type Kysely, sql } from 'kysely';

// A reply being e-mailed is claimed (sending_at) by one guarded update before the mailer is called, so
// "Send again" clicked several times, or while the first delivery is still under way, sends it once; a
// failed send clears the claim, and one left by a process that stopped mid-send lapses after a while.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiry_events add column sending_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiry_events drop column sending_at`.execute(db);
}
