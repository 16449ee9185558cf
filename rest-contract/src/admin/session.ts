import type { StaffRecord } from './staff.js';

// A staff member's session and own factors (/api/admin/session, /api/admin/me/…): signing in and out,
// passkeys, a new authenticator app, a new password.

/** A passkey's answer to a challenge: the browser's WebAuthn response, as @simplewebauthn/browser returns it. */
export interface PasskeyAnswerBody {
  challengeId: string;
  response: Record<string, unknown>;
}

/** POST /api/admin/session: the password and one second factor (the authenticator's code, a recovery code, or a passkey). */
export interface StaffSignInBody {
  email: string;
  password: string;
  code?: string;
  recoveryCode?: string;
  passkey?: PasskeyAnswerBody;
}

/** POST /api/admin/session: the session's token and its CSRF token (each shown this once), and who signed in. */
export interface StaffSessionRecord {
  token: string;
  csrf: string;
  sessionId: string;
  staff: StaffRecord;
}

/** A WebAuthn challenge (POST /api/admin/session/passkey-options, /api/admin/me/passkeys/options): five minutes, once. */
export interface PasskeyChallengeRecord {
  challengeId: string;
  /** The options for the browser's WebAuthn call. */
  options: unknown;
}

/** A passkey of the signed-in staff member (never its key). */
export interface PasskeyRecord {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET, POST /api/admin/me/passkeys and DELETE …/:id: the signed-in staff member's passkeys, oldest first. */
export interface PasskeyListRecord {
  passkeys: PasskeyRecord[];
}

/** POST /api/admin/me/passkeys: the browser's new passkey, a name for it, and the password again. */
export interface NewPasskeyBody extends PasskeyAnswerBody {
  name: string;
  currentPassword: string;
}

/** POST /api/admin/me/authenticator: the password again, to move the second factor to a new app. */
export interface AuthenticatorStartBody {
  currentPassword: string;
}

/** POST /api/admin/me/authenticator: the new app's secret to scan, waiting ten minutes for its first code. */
export interface AuthenticatorSetupRecord {
  uri: string;
  secret: string;
  qrSvg: string;
  expiresAt: string;
}

/** PUT /api/admin/me/authenticator: the new app's first code. */
export interface AuthenticatorCodeBody {
  code: string;
}

/** PUT /api/admin/me/password: every session of the staff member ends. */
export interface PasswordChangeBody {
  currentPassword: string;
  password: string;
}
