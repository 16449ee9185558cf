import type { ActorKind } from '../db/schema.js';

/**
 * Who did something, as the order timeline and the audit trail record it: a shopper (their customer id),
 * a staff member, the payment provider's webhook, the reconciliation timer, the shop itself, or a data
 * command typed by an operator. The address and request id come with an HTTP request.
 */
export interface Actor {
  kind: ActorKind;
  id?: string | null;
  /** A name a person reads: an e-mail, a command's name. */
  label?: string | null;
  address?: string | null;
  requestId?: string | null;
}

export const SYSTEM: Actor = { kind: 'system' };
export const WEBHOOK: Actor = { kind: 'webhook', label: 'payment provider' };
export const RECONCILIATION: Actor = { kind: 'reconciliation' };
export const shopper = (customerId: string, request?: { address?: string | null; requestId?: string | null }): Actor => ({
  kind: 'shopper',
  id: customerId,
  ...request,
});
export const command = (name: string): Actor => ({ kind: 'command', label: name });
