import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

// Leases are rows of job_leases, each taken with one conditional upsert: it works alike on PostgreSQL
// (any number of apis on one database) and PGlite, and holds no transaction open while its holder works.
// (`<=` below: PGlite's clock may give two statements a millisecond apart the same now(), and a lease released at now() is free.)

/**
 * Takes the lease `name` for `holder` when nobody holds it or its holder's time ran out (a crashed
 * holder frees it so). With `minGapSeconds`, it also stays refused until that long after the last
 * holder released it, so several apis do not each run the same periodic job.
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  ttlSeconds: number,
  minGapSeconds = 0,
): Promise<boolean> {
  const result = await sql<{ holder: string }>`
    insert into job_leases (name, holder, expires_at) values (${name}, ${holder}, now() + make_interval(secs => ${ttlSeconds}))
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where job_leases.expires_at <= now()
      and (job_leases.finished_at is null or job_leases.finished_at <= now() - make_interval(secs => ${minGapSeconds}))
    returning holder`.execute(db);
  return result.rows[0]?.holder === holder;
}

/** Gives the lease back, keeping when it finished (what `minGapSeconds` counts from). */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await sql`update job_leases set expires_at = now(), finished_at = now() where name = ${name} and holder = ${holder}`.execute(db);
}

/** Gives the lease back and forgets it: for leases named per customer, which would otherwise pile up. */
export async function dropLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await sql`delete from job_leases where name = ${name} and holder = ${holder}`.execute(db);
}

/**
 * Takes the lease, waiting up to `waitMs` for its holder to give it back; false when it did not in
 * time. Polls (briefly at first, then less often) rather than blocking in the database, so a waiter
 * holds no connection, and on PGlite never the single one.
 */
export async function awaitLease(db: Kysely<Database>, name: string, holder: string, ttlSeconds: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    if (await takeLease(db, name, holder, ttlSeconds)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((r) => setTimeout(r, Math.min(left, pause / 2 + Math.random() * pause)));
  }
}
