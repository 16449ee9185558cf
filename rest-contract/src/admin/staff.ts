// The staff accounts (/api/admin/staff, /api/admin/invites, /api/admin/me): who is on the staff, invitations
// and enrolment. Signing in and one's own factors are session.ts.

/** A staff role (shop-rules' STAFF_ROLES): what a staff member may do follows from it. */
export type StaffRoleName = 'owner' | 'manager' | 'fulfilment' | 'support' | 'catalogue';

/** GET /api/admin/me: the signed-in staff member, with their role's permissions (shop-rules' Permission, e.g. orders:read). */
export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRoleName;
  permissions: readonly string[];
}

/** A person on the staff as the owner manages them (the row as kept: snake_case, times as ISO 8601). */
export interface StaffListingRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRoleName;
  status: 'invited' | 'active';
  /** Set while failed sign-ins lock the account for a while. */
  locked_until: string | null;
  /** Set when wrong codes in a row locked the account until someone unlocks it. */
  factor_blocked_at: string | null;
  created_at: string;
}

/** GET /api/admin/staff: everyone not removed, oldest first. */
export interface StaffListRecord {
  staff: StaffListingRecord[];
}

/** POST /api/admin/staff/invites. */
export interface InviteBody {
  email: string;
  role: StaffRoleName;
  name?: string;
}

/** POST /api/admin/staff/invites: the one-time enrolment link (24 hours), never kept by the api. */
export interface InviteRecord {
  staffId: string;
  link: string;
  expiresAt: string;
  /** Whether the mailer took the invitation e-mailed to them (the link is answered either way). */
  emailed: boolean;
}

/** PUT /api/admin/staff/:id/role. */
export interface StaffRoleBody {
  role: StaffRoleName;
}

/** GET /api/admin/invites/:token: what an enrolment link is for, and a fresh authenticator secret to scan. */
export interface InvitationRecord {
  /** Empty on the first owner's link. */
  email: string;
  /** The name given when they were invited (the enrolment page starts with it), or empty. */
  name: string;
  /** The first owner's link names no one: the enrolment asks for their e-mail. */
  needsEmail: boolean;
  role: StaffRoleName;
  expiresAt: string;
  totp: { uri: string; secret: string; qrSvg: string };
}

/** POST /api/admin/invites/:token/enrol: a password and the authenticator's first code (an e-mail only on the first owner's link). */
export interface EnrolBody {
  password: string;
  code: string;
  name?: string;
  email?: string;
}

/** POST /api/admin/invites/:token/enrol: ten single-use recovery codes, answered once. */
export interface EnrolmentRecord {
  recoveryCodes: string[];
}
