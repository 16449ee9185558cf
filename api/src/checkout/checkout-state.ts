import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Checkout, CheckoutStatus, CheckoutsTable, Database } from '../db/schema.js';
import { guardedMove, inTransaction, type Lifecycle, mayMove, movesTo } from '../domain/lifecycle.js';

/**
 * A checkout's life: started when the shopper pays, then paid (a captured payment is recorded) and
 * ordered (its order written), or refunded (paid, but no order could be made), or failed or expired.
 * `paid → paid` records another captured payment for a checkout whose first could not become an
 * order. Nothing but `moveCheckout` writes a checkout's status.
 */
export const CHECKOUT_TRANSITIONS: Lifecycle<CheckoutStatus> = {
  started: ['paid', 'failed', 'expired'],
  failed: ['paid', 'expired'],
  // A payment captured after the checkout expired still makes its order (the shopper paid).
  expired: ['paid'],
  paid: ['paid', 'ordered', 'refunded'],
  ordered: [],
  refunded: [],
};

/** The statuses a checkout may be in to move to `to`. */
export const checkoutMovesTo = (to: CheckoutStatus): CheckoutStatus[] => movesTo(CHECKOUT_TRANSITIONS, to);

type Db = Kysely<Database> | Transaction<Database>;
type Patch = Omit<Updateable<CheckoutsTable>, 'status' | 'version' | 'id'>;
/**
 * Which checkout to move: by its id, provider order or payment (found and locked here), or `locked`, the row as the
 * caller read it FOR UPDATE in this same transaction (not read again; the move's guard on status and version still
 * holds, so a stale row moves nothing).
 */
export type CheckoutKey = { id: string } | { providerOrderId: string } | { paymentId: string } | { locked: Checkout };

/**
 * The one transition: within the caller's transaction, moves the checkout (locked and read by the
 * caller, or found by `key` and locked here) to `to` when its status allows, with the version moved
 * on and the audit row written beside it. Answers the checkout as it now is, or null when it was not
 * found or its status does not allow the move (left as it was).
 */
export async function moveCheckout(db: Db, key: CheckoutKey, to: CheckoutStatus, patch: Patch, actor: Actor): Promise<Checkout | null> {
  const moving = async (trx: Transaction<Database>) => {
    let current: Checkout | undefined;
    if ('locked' in key) current = key.locked;
    else {
      let query = trx.selectFrom('checkouts').selectAll();
      if ('id' in key) query = query.where('id', '=', key.id);
      else if ('providerOrderId' in key) query = query.where('razorpay_order_id', '=', key.providerOrderId);
      else query = query.where('razorpay_payment_id', '=', key.paymentId);
      current = await query.forUpdate().executeTakeFirst();
    }
    if (!current || !mayMove(CHECKOUT_TRANSITIONS, current.status, to)) return null;
    const moved = await guardedMove(trx, 'checkouts', current, { column: 'status', from: current.status, to }, patch);
    if (!moved) return null;
    await recordAudit(trx, actor, {
      action: `checkout.${to}`,
      subject: { kind: 'checkout', id: current.id },
      before: { status: current.status, version: current.version },
      after: {
        status: to,
        version: moved.version,
        ...(patch.razorpay_payment_id ? { paymentId: patch.razorpay_payment_id } : {}),
        ...(patch.order_id ? { orderId: patch.order_id } : {}),
        ...(patch.failure_reason ? { reason: patch.failure_reason } : {}),
      },
    });
    return moved;
  };
  return inTransaction(db, moving);
}
