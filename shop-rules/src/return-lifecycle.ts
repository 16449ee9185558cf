/**
 * A return's life, written once: a shopper asks (Requested) within the return window of delivery;
 * staff approve or reject it; an approved return is received back; a received return is refunded
 * (restocked or not). The api enforces it (returns/return-state.ts); My Orders and the back office
 * read it to offer only the moves that will be accepted.
 */
import { moveProblem, type Transitions } from './lifecycle.js';

export const RETURN_STATUSES = ['Requested', 'Approved', 'Rejected', 'Received', 'Refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_TRANSITIONS: Transitions<ReturnStatus> = {
  Requested: ['Approved', 'Rejected'],
  Approved: ['Received'],
  Received: ['Refunded'],
  Rejected: [],
  Refunded: [],
};

/** The days after delivery a shopper may ask for a return: the shop advertises "Free returns within 14 days". */
export const DEFAULT_RETURN_WINDOW_DAYS = 14;

/** The reasons a shopper picks from (the back office shows the same words). */
export const RETURN_REASONS = ['Damaged or defective', 'Not as described', 'Wrong item or colour', 'No longer needed', 'Other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const isReturnStatus = (v: unknown): v is ReturnStatus =>
  typeof v === 'string' && (RETURN_STATUSES as readonly string[]).includes(v);

export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus): boolean => RETURN_TRANSITIONS[from].includes(to);

/** Why a return's move is refused, in words for the person who asked; null when it is allowed. */
export const returnMoveProblem = (from: ReturnStatus, to: ReturnStatus): string | null =>
  moveProblem(RETURN_TRANSITIONS, from, to, { the: 'The return', a: 'A return', final: 'it cannot change any more' });

/** The last moment a delivered order may be returned, or null when it was never delivered. */
export function returnWindowEnds(deliveredAt: Date | null, windowDays = DEFAULT_RETURN_WINDOW_DAYS): Date | null {
  return deliveredAt ? new Date(deliveredAt.getTime() + windowDays * 24 * 60 * 60 * 1000) : null;
}
