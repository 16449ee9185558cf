import type {
  EnrolBody,
  EnrolmentRecord,
  InvitationRecord,
  PasskeyChallengeRecord,
  StaffRecord,
  StaffSessionRecord,
  StaffSignInBody,
} from '@digitic/rest-contract';
import { segment } from '../../datasources/upstream.js';
import type { StaffUpstream } from './upstream.js';

/** Signing in and out, and joining the staff from an invitation: the routes that need no session, and `me`. */
export class SessionApi {
  constructor(private readonly upstream: StaffUpstream) {}

  me = () => this.upstream.get<StaffRecord>('admin/me');
  signIn = (body: StaffSignInBody) => this.upstream.send<StaffSessionRecord, StaffSignInBody>('POST', 'admin/session', body);
  signOut = () => this.upstream.send<void>('DELETE', 'admin/session');
  passkeySignInOptions = () => this.upstream.send<PasskeyChallengeRecord, object>('POST', 'admin/session/passkey-options', {});
  invitation = (token: string) => this.upstream.get<InvitationRecord>(`admin/invites/${segment(token, 'Invitation')}`);
  enrol = (token: string, body: EnrolBody) =>
    this.upstream.send<EnrolmentRecord, EnrolBody>('POST', `admin/invites/${segment(token, 'Invitation')}/enrol`, body);
}
