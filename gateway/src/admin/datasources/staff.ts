import type { InviteBody, InviteRecord, StaffListRecord, StaffRoleBody, StaffRoleName } from '@digitic/rest-contract';
import { segment } from '../../datasources/upstream.js';
import type { StaffUpstream } from './upstream.js';

const member = (id: string) => `admin/staff/${segment(id, 'Staff member')}`;

/** The staff list and what an owner does to it (staff:manage). */
export class StaffMembersApi {
  constructor(private readonly upstream: StaffUpstream) {}

  list = () => this.upstream.get<StaffListRecord>('admin/staff');
  invite = (body: InviteBody) => this.upstream.send<InviteRecord, InviteBody>('POST', 'admin/staff/invites', body);
  changeRole = (id: string, role: StaffRoleName) => this.upstream.send<void, StaffRoleBody>('PUT', `${member(id)}/role`, { role });
  remove = (id: string) => this.upstream.send<void>('DELETE', member(id));
  unlock = (id: string) => this.upstream.send<void, object>('POST', `${member(id)}/unlock`, {});
}
