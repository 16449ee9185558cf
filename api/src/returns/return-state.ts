import { keepNoteIf } from '../audit/notes.js';
import { isReturnStatus, type ReturnStatus, returnMoveProblem } from '@digitic/shop-rules';
import type { Transaction, Updateable } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, ReturnsTable } from '../db/schema.js';
import { guardedMove, lockForMove, type MovableKind } from '../domain/lifecycle.js';
import { complaintAcknowledged, complaintResolved } from '../complaints/complaints.js';
import { enqueueNotice } from '../orders/notices.js';
import { addOrderEvent } from '../orders/timeline.js';

// A return's status moves only here, by the table the shop's rules declare (shop-rules' RETURN_TRANSITIONS):
// Requested → Approved or Rejected; Approved → Received; Received → Refunded.

export interface ReturnMove {
  to: ReturnStatus;
  actor: Actor;
  /** The version the caller read: refused when the return has moved on since. */
  expectedVersion?: number;
  /** Told to the shopper with an approval or a rejection. */
  note?: string | null;
  /** Whether the returned units went back in stock (set when refunded). */
  restocked?: boolean;
}

const RETURNS: MovableKind<'returns', ReturnStatus> = {
  table: 'returns',
  noun: 'return',
  column: 'status',
  isStatus: isReturnStatus,
  problem: returnMoveProblem,
};

const STAMP: Partial<Record<ReturnStatus, 'decided_at' | 'received_at' | 'refunded_at'>> = {
  Approved: 'decided_at',
  Rejected: 'decided_at',
  Received: 'received_at',
  Refunded: 'refunded_at',
};

/**
 * The one transition of a return, in the caller's transaction: the return locked, the move checked
 * against the table and the version, the status written with the version moved on, the order's timeline
 * event and the audit row beside it, and the shopper's e-mail owed for an approval or a rejection.
 */
export async function moveReturn(trx: Transaction<Database>, returnId: string, move: ReturnMove) {
  const { row: ret, from } = await lockForMove(trx, RETURNS, returnId, move);
  const patch: Updateable<ReturnsTable> = {};
  const stamp = STAMP[move.to];
  if (stamp) patch[stamp] = new Date();
  if (move.note !== undefined && move.note !== null) patch.decision_note = move.note;
  if (move.restocked !== undefined) patch.restocked = move.restocked;
  const moved = await guardedMove(trx, 'returns', ret, { column: 'status', from, to: move.to }, patch);
  if (!moved) throw new Error(`return ${returnId} moved while locked`);
  // A complaint's steps: the decision acknowledges it; the refund or the rejection resolves it (rule 4(5)).
  if (move.to === 'Rejected' || move.to === 'Refunded') await complaintResolved(trx, { returnId });
  else await complaintAcknowledged(trx, { returnId });
  const note = await keepNoteIf(trx, move.note, { customerId: ret.customer_id });
  await addOrderEvent(trx, ret.order_id, 'return', move.actor, {
    from,
    to: move.to,
    detail: { returnId, ...(note ? { note } : {}), ...(move.restocked !== undefined ? { restocked: move.restocked } : {}) },
  });
  await recordAudit(trx, move.actor, {
    action: 'return.status',
    subject: { kind: 'return', id: returnId },
    before: { status: from, version: ret.version },
    after: { status: move.to, version: moved.version, orderId: ret.order_id, ...(note ? { note } : {}) },
  });
  if (move.to === 'Approved') await enqueueNotice(trx, ret.order_id, 'return-approved', `return-approved:${returnId}`, { returnId });
  if (move.to === 'Rejected') await enqueueNotice(trx, ret.order_id, 'return-rejected', `return-rejected:${returnId}`, { returnId });
  return moved;
}
