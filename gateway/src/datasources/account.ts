import type { ConsentRecord, ErasedRecord, LoginBody, ProfileBody, RegisterBody } from '@digitic/rest-contract';
import type { CustomerRecord, SessionRecord } from './types.js';
import { segment, type Upstream } from './upstream.js';

type Message = { message: string };

/** Sign-up, sign-in, the customer's own details, and the links mailed for a password or an e-mail change. */
export class AccountApi {
  constructor(private readonly upstream: Upstream) {}

  me = () => this.upstream.get<CustomerRecord>('user/me');
  register = (body: RegisterBody) => this.upstream.send<CustomerRecord, RegisterBody>('POST', 'user/register', body);
  login = (body: LoginBody) => this.upstream.send<SessionRecord, LoginBody>('POST', 'user/login', body);
  updateProfile = (body: ProfileBody) => this.upstream.send<SessionRecord, ProfileBody>('PUT', 'user/edit-user', body);
  forgotPassword = (email: string) => this.upstream.send<Message, { email: string }>('POST', 'user/forgot-password-token', { email });
  resetPassword = (token: string, password: string) =>
    this.upstream.send<Message, { password: string }>('PUT', `user/reset-password/${segment(token, 'Reset token')}`, { password });
  consents = () => this.upstream.get<ConsentRecord[]>('user/consents');
  erase = (password: string) => this.upstream.send<ErasedRecord, { password: string }>('POST', 'user/account/erase', { password });
  undoEmailChange = (token: string) => this.upstream.send<Message>('PUT', `user/undo-email-change/${segment(token, 'Undo link')}`);
}
