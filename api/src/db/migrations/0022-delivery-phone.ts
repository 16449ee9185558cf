import { type Kysely, sql } from 'kysely';

// The courier's phone a shopper may give with the delivery address is kept in the order's shipping_info
// (shipping_info->>'phone'); the order desk finds orders by it, so it has an index of its own, partial:
// orders without one (every order before it, and shoppers who give none) take no room in it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_delivery_phone on orders ((shipping_info->>'phone')) where shipping_info->>'phone' is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_delivery_phone`.execute(db);
}
