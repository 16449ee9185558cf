import type { StaffDeps } from './accounts.js';
import { passwordIs } from './accounts.js';
import { staffAuthenticator } from './authenticator.js';
import { staffInvitations } from './invitations.js';
import { staffMembers } from './members.js';
import { staffSessions } from './sessions.js';

export type { StaffDeps } from './accounts.js';

/**
 * The staff accounts, as one service for the routes and commands: invitations and enrolment
 * (invitations.ts), sign-in and sessions (sessions.ts), the staff list and its changes (members.ts),
 * and the authenticator change (authenticator.ts).
 */
export function staffService(deps: StaffDeps) {
  return {
    ...staffInvitations(deps),
    ...staffSessions(deps),
    ...staffMembers(deps),
    ...staffAuthenticator(deps),
    /** Whether this is the staff member's current password (asked again before adding a passkey). */
    passwordIs: (staffId: string, password: string) => passwordIs(deps.db, staffId, password),
  };
}

export type StaffService = ReturnType<typeof staffService>;
