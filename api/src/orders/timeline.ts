import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import type { Database, OrderEventsTable } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Appends an event to the order's timeline (paid, a status, a note, an e-mail, a refund, a return), naming who did it. */
export async function addOrderEvent(
  db: Db,
  orderId: string,
  kind: OrderEventsTable['kind'],
  actor: Actor,
  event: { from?: string | null; to?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      kind,
      from_status: event.from ?? null,
      to_status: event.to ?? null,
      actor_kind: actor.kind,
      actor_id: actor.id ?? null,
      actor_label: actor.label ?? null,
      detail: JSON.stringify(event.detail ?? {}),
    })
    .execute();
}
