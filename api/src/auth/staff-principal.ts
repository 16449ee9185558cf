import type { Permission, StaffRole } from '@digitic/shop-rules';
import type { Actor } from '../audit/actor.js';

/** The staff member behind a request, as every staff route sees them. */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  permissions: readonly Permission[];
  sessionId: string;
}

/** What a request tells about where it came from, for the audit trail and the sign-in limits. */
export interface RequestFacts {
  address?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export const staffActor = (p: Pick<StaffPrincipal, 'id' | 'email'>, request: RequestFacts = {}): Actor => ({
  kind: 'staff',
  id: p.id,
  label: p.email,
  address: request.address ?? null,
  requestId: request.requestId ?? null,
});
