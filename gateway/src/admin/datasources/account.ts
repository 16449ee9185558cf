import type {
  AuthenticatorCodeBody,
  AuthenticatorSetupRecord,
  AuthenticatorStartBody,
  NewPasskeyBody,
  PasskeyChallengeRecord,
  PasskeyListRecord,
  PasswordChangeBody,
} from '@digitic/rest-contract';
import { segment } from '../../datasources/upstream.js';
import type { StaffUpstream } from './upstream.js';

/** The signed-in staff member's own factors: passkeys, a new authenticator app, a new password. */
export class AccountApi {
  constructor(private readonly upstream: StaffUpstream) {}

  passkeys = () => this.upstream.get<PasskeyListRecord>('admin/me/passkeys');
  passkeyRegistrationOptions = () => this.upstream.send<PasskeyChallengeRecord, object>('POST', 'admin/me/passkeys/options', {});
  addPasskey = (body: NewPasskeyBody) => this.upstream.send<PasskeyListRecord, NewPasskeyBody>('POST', 'admin/me/passkeys', body);
  removePasskey = (id: string) => this.upstream.send<PasskeyListRecord>('DELETE', `admin/me/passkeys/${segment(id, 'Passkey')}`);
  startAuthenticatorChange = (currentPassword: string) =>
    this.upstream.send<AuthenticatorSetupRecord, AuthenticatorStartBody>('POST', 'admin/me/authenticator', { currentPassword });
  finishAuthenticatorChange = (code: string) => this.upstream.send<void, AuthenticatorCodeBody>('PUT', 'admin/me/authenticator', { code });
  changePassword = (currentPassword: string, password: string) =>
    this.upstream.send<void, PasswordChangeBody>('PUT', 'admin/me/password', { currentPassword, password });
}
