import type { Transaction, Updateable } from 'kysely';
import type { Database, OrderRefundsTable, RefundState } from '../db/schema.js';
import { guardedMove, type Lifecycle, mayMove } from '../domain/lifecycle.js';

/**
 * A refund's life: requested (recorded, not yet sent), pending (the provider has it), then processed (the
 * money went back) or failed (the provider refused it). The provider's word moves it, whatever came first:
 * a pending refund it reports again stays pending under its id, and a failed one it later reports processed
 * is processed. A processed refund never moves again. Nothing but `moveRefund` writes a refund's state.
 */
export const REFUND_TRANSITIONS: Lifecycle<RefundState> = {
  requested: ['pending', 'processed', 'failed'],
  pending: ['pending', 'processed', 'failed'],
  failed: ['pending', 'processed', 'failed'],
  processed: [],
};

type Patch = Omit<Updateable<OrderRefundsTable>, 'state' | 'id' | 'version'>;

/**
 * The one transition of a refund, on a row the caller has locked and read: the state and the patch written
 * when the table allows the move and the row is still at the state and version it was read at (the guarded
 * move every versioned lifecycle ends with). Answers whether it moved.
 */
export async function moveRefund(
  trx: Transaction<Database>,
  refund: { id: string; state: RefundState; version: number },
  to: RefundState,
  patch: Patch = {},
): Promise<boolean> {
  if (!mayMove(REFUND_TRANSITIONS, refund.state, to)) return false;
  return (await guardedMove(trx, 'order_refunds', refund, { column: 'state', from: refund.state, to }, patch)) !== undefined;
}
