import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { fromUpstream } from '../errors.js';
import { segment } from '../datasources/upstream.js';
import type {
  AdminOrderRecord,
  AuditRecord,
  InvitationRecord,
  OrderListRecord,
  SessionRecord,
  StaffListingRecord,
  StaffRecord,
} from './records.js';

/** What the back office asks of the api: the caller's staff session and CSRF token forwarded, with the request id and the client's address. */
export class StaffApi {
  constructor(
    private readonly http: AxiosInstance,
    private readonly session: { token: string | null; csrf: string | null },
    private readonly request: { requestId: string; clientIp: string; userAgent: string | null },
  ) {}

  get signedIn(): boolean {
    return this.session.token !== null;
  }

  private async data<T>(config: AxiosRequestConfig): Promise<T> {
    try {
      const res = await this.http.request<T>({
        ...config,
        headers: {
          'X-Request-Id': this.request.requestId,
          // The api counts sign-in failures per address and writes it in the audit trail.
          'X-Forwarded-For': this.request.clientIp,
          ...(this.request.userAgent ? { 'User-Agent': this.request.userAgent.slice(0, 300) } : {}),
          ...(this.session.token ? { Authorization: `Staff ${this.session.token}` } : {}),
          ...(this.session.csrf ? { 'X-CSRF-Token': this.session.csrf } : {}),
        },
      });
      return res.data;
    } catch (err) {
      throw fromUpstream(err);
    }
  }

  me = () => this.data<StaffRecord>({ url: 'admin/me' });
  signIn = (body: { email: string; password: string; code?: string | null; recoveryCode?: string | null }) =>
    this.data<SessionRecord>({ url: 'admin/session', method: 'POST', data: body });
  signOut = () => this.data<void>({ url: 'admin/session', method: 'DELETE' });
  invitation = (token: string) => this.data<InvitationRecord>({ url: `admin/invites/${segment(token, 'Invitation')}` });
  enrol = (token: string, body: { password: string; code: string; name?: string | null; email?: string | null }) =>
    this.data<{ recoveryCodes: string[] }>({ url: `admin/invites/${segment(token, 'Invitation')}/enrol`, method: 'POST', data: body });
  changePassword = (currentPassword: string, password: string) =>
    this.data<void>({ url: 'admin/me/password', method: 'PUT', data: { currentPassword, password } });

  orders = (params: Record<string, string | number>) => this.data<OrderListRecord>({ url: 'admin/orders', params });
  order = (id: string) => this.data<AdminOrderRecord>({ url: `admin/orders/${segment(id, 'Order')}` });
  moveOrder = (
    id: string,
    body: { to: string; version: number; shipment?: { carrier: string; trackingNumber: string; trackingUrl?: string | null } | null },
  ) =>
    this.data<AdminOrderRecord>({
      url: `admin/orders/${segment(id, 'Order')}/status`,
      method: 'POST',
      data: { ...body, shipment: body.shipment ?? undefined },
    });
  addNote = (id: string, note: string) =>
    this.data<AdminOrderRecord>({ url: `admin/orders/${segment(id, 'Order')}/notes`, method: 'POST', data: { note } });

  audit = (params: Record<string, string | number>) => this.data<{ rows: AuditRecord[] }>({ url: 'admin/audit', params });

  staff = () => this.data<{ staff: StaffListingRecord[] }>({ url: 'admin/staff' });
  invite = (body: { email: string; role: string; name?: string | null }) =>
    this.data<{ link: string; expiresAt: string }>({
      url: 'admin/staff/invites',
      method: 'POST',
      data: { ...body, name: body.name ?? undefined },
    });
  changeRole = (id: string, role: string) =>
    this.data<void>({ url: `admin/staff/${segment(id, 'Staff member')}/role`, method: 'PUT', data: { role } });
  remove = (id: string) => this.data<void>({ url: `admin/staff/${segment(id, 'Staff member')}`, method: 'DELETE' });
}
