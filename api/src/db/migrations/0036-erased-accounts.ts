import { type Kysely, sql } from 'kysely';

// An erased account takes nothing new (issue 53): every row a shopper's action makes names its customer, and
// is refused in the database once that customer is erased. The check takes the customer's row in KEY SHARE
// (as the foreign key's own check does), and the erasure takes it FOR UPDATE first in its transaction: a write
// that comes while the erasure runs waits for it, then reads the erased row and is refused; one that came first
// is committed before the erasure reads what to erase. One lock, on the customer's row, serialises them, on every
// path, the ones written later included.
//
// Not guarded: unsettled_payments (the shop records there a payment it refunds, an erased account's too).
export const GUARDED_TABLES = [
  'cart_lines',
  'checkouts',
  'consents',
  'coupon_redemptions',
  'email_changes',
  'enquiries',
  'orders',
  'ratings',
  'reset_tokens',
  'returns',
  'wishlist',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function refuse_erased_customer() returns trigger language plpgsql as $$
    begin
      if new.customer_id is null then
        return new;
      end if;
      perform 1 from customers where id = new.customer_id and erased_at is null for key share;
      if not found then
        raise exception 'the account % was deleted', new.customer_id using errcode = 'DG001';
      end if;
      return new;
    end $$`.execute(db);
  for (const table of GUARDED_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_not_erased`)} before insert on ${sql.table(table)}
      for each row execute function refuse_erased_customer()`.execute(db);
  }
  // An erased account's own row keeps nothing personal: no later write (a profile saved in a request that raced
  // the erasure, a password set) puts a name, an e-mail, a phone or a password back.
  await sql`
    create function keep_customer_erased() returns trigger language plpgsql as $$
    begin
      if old.erased_at is not null and (new.firstname, new.lastname, new.email, new.mobile, new.password_hash, new.erased_at)
          is distinct from (old.firstname, old.lastname, old.email, old.mobile, old.password_hash, old.erased_at) then
        raise exception 'the account % was deleted', old.id using errcode = 'DG001';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger customers_stay_erased before update on customers for each row execute function keep_customer_erased()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger customers_stay_erased on customers`.execute(db);
  await sql`drop function keep_customer_erased()`.execute(db);
  for (const table of GUARDED_TABLES) await sql`drop trigger ${sql.raw(`${table}_not_erased`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function refuse_erased_customer()`.execute(db);
}
