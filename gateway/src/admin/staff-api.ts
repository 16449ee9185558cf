import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { fromUpstream } from '../errors.js';
import { segment } from '../datasources/upstream.js';
import type {
  AdminOrderRecord,
  AuditRecord,
  BlogPostBody,
  BlogPostListRecord,
  BlogPostRecord,
  BulkEditRecord,
  CatalogueProductListRecord,
  CatalogueTermsRecord,
  CatalogueProductRecord,
  CouponBody,
  CouponListRecord,
  CouponRecord,
  EnquiryDeskListRecord,
  EnquiryDeskRecord,
  LowStockRecord,
  ModeratedReviewListRecord,
  ModeratedReviewRecord,
  ProductBody,
  CustomerRecord,
  CustomerSummaryRecord,
  DashboardRecord,
  ReturnListRecord,
  ReturnRecord,
  InvitationRecord,
  OrderListRecord,
  AuthenticatorSetupRecord,
  PasskeyChallengeRecord,
  PasskeyRecord,
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
          ...(config.headers as Record<string, string> | undefined),
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
  signIn = (body: {
    email: string;
    password: string;
    code?: string | null;
    recoveryCode?: string | null;
    passkey?: { challengeId: string; response: unknown } | null;
  }) => this.data<SessionRecord>({ url: 'admin/session', method: 'POST', data: body });
  signOut = () => this.data<void>({ url: 'admin/session', method: 'DELETE' });
  passkeySignInOptions = () => this.data<PasskeyChallengeRecord>({ url: 'admin/session/passkey-options', method: 'POST', data: {} });
  passkeyRegistrationOptions = () => this.data<PasskeyChallengeRecord>({ url: 'admin/me/passkeys/options', method: 'POST', data: {} });
  passkeys = () => this.data<{ passkeys: PasskeyRecord[] }>({ url: 'admin/me/passkeys' });
  addPasskey = (body: { challengeId: string; response: unknown; name: string; currentPassword: string }) =>
    this.data<{ passkeys: PasskeyRecord[] }>({ url: 'admin/me/passkeys', method: 'POST', data: body });
  removePasskey = (id: string) =>
    this.data<{ passkeys: PasskeyRecord[] }>({ url: `admin/me/passkeys/${segment(id, 'Passkey')}`, method: 'DELETE' });
  invitation = (token: string) => this.data<InvitationRecord>({ url: `admin/invites/${segment(token, 'Invitation')}` });
  enrol = (token: string, body: { password: string; code: string; name?: string | null; email?: string | null }) =>
    this.data<{ recoveryCodes: string[] }>({ url: `admin/invites/${segment(token, 'Invitation')}/enrol`, method: 'POST', data: body });
  startAuthenticatorChange = (currentPassword: string) =>
    this.data<AuthenticatorSetupRecord>({ url: 'admin/me/authenticator', method: 'POST', data: { currentPassword } });
  finishAuthenticatorChange = (code: string) => this.data<void>({ url: 'admin/me/authenticator', method: 'PUT', data: { code } });
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

  cancelOrder = (id: string, body: { version: number; reason: string }) =>
    this.data<AdminOrderRecord>({ url: `admin/orders/${segment(id, 'Order')}/cancel`, method: 'POST', data: body });
  refundOrder = (
    id: string,
    body: { lines?: { itemId: string; quantity: number }[]; reason: string; restock?: boolean; version: number },
  ) => this.data<AdminOrderRecord>({ url: `admin/orders/${segment(id, 'Order')}/refunds`, method: 'POST', data: body });
  dashboard = () => this.data<DashboardRecord>({ url: 'admin/dashboard' });

  returns = (params: Record<string, string | number>) => this.data<ReturnListRecord>({ url: 'admin/returns', params });
  return = (id: string) => this.data<ReturnRecord>({ url: `admin/returns/${segment(id, 'Return')}` });
  moveReturn = (id: string, body: { to: string; version: number; note?: string | null }) =>
    this.data<ReturnRecord>({ url: `admin/returns/${segment(id, 'Return')}/status`, method: 'POST', data: body });
  refundReturn = (id: string, body: { version: number; restock: boolean }) =>
    this.data<ReturnRecord>({ url: `admin/returns/${segment(id, 'Return')}/refund`, method: 'POST', data: body });

  catalogueProducts = (params: Record<string, string | number>) =>
    this.data<CatalogueProductListRecord>({ url: 'admin/catalogue/products', params });
  catalogueProduct = (id: string) => this.data<CatalogueProductRecord>({ url: `admin/catalogue/products/${segment(id, 'Product')}` });
  createProduct = (body: ProductBody) => this.data<CatalogueProductRecord>({ url: 'admin/catalogue/products', method: 'POST', data: body });
  updateProduct = (id: string, version: number, body: ProductBody) =>
    this.data<CatalogueProductRecord>({
      url: `admin/catalogue/products/${segment(id, 'Product')}`,
      method: 'PUT',
      data: { ...body, version },
    });
  archiveProduct = (id: string, version: number) =>
    this.data<CatalogueProductRecord>({
      url: `admin/catalogue/products/${segment(id, 'Product')}/archive`,
      method: 'POST',
      data: { version },
    });
  restoreProduct = (id: string, version: number) =>
    this.data<CatalogueProductRecord>({
      url: `admin/catalogue/products/${segment(id, 'Product')}/restore`,
      method: 'POST',
      data: { version },
    });
  setStock = (id: string, changes: { colorId: string; quantity: number; expected: number }[]) =>
    this.data<CatalogueProductRecord>({
      url: `admin/catalogue/products/${segment(id, 'Product')}/stock`,
      method: 'PUT',
      data: { changes },
    });
  lowStock = () => this.data<LowStockRecord>({ url: 'admin/catalogue/low-stock' });
  bulkEdit = (body: unknown) => this.data<BulkEditRecord>({ url: 'admin/catalogue/bulk', method: 'POST', data: body });
  terms = () => this.data<CatalogueTermsRecord>({ url: 'admin/catalogue/terms' });

  blogPosts = (params: Record<string, string | number>) => this.data<BlogPostListRecord>({ url: 'admin/content/posts', params });
  blogPost = (id: string) => this.data<BlogPostRecord>({ url: `admin/content/posts/${segment(id, 'Blog post')}` });
  createBlogPost = (body: BlogPostBody & { publish: boolean }) =>
    this.data<BlogPostRecord>({ url: 'admin/content/posts', method: 'POST', data: body });
  updateBlogPost = (id: string, version: number, body: BlogPostBody) =>
    this.data<BlogPostRecord>({ url: `admin/content/posts/${segment(id, 'Blog post')}`, method: 'PUT', data: { ...body, version } });
  publishBlogPost = (id: string, version: number, publish: boolean) =>
    this.data<BlogPostRecord>({
      url: `admin/content/posts/${segment(id, 'Blog post')}/${publish ? 'publish' : 'unpublish'}`,
      method: 'POST',
      data: { version },
    });
  reviews = (params: Record<string, string | number>) => this.data<ModeratedReviewListRecord>({ url: 'admin/reviews', params });
  hideReview = (id: string, version: number, reason: string) =>
    this.data<ModeratedReviewRecord>({ url: `admin/reviews/${segment(id, 'Review')}/hide`, method: 'POST', data: { version, reason } });
  restoreReview = (id: string, version: number) =>
    this.data<ModeratedReviewRecord>({ url: `admin/reviews/${segment(id, 'Review')}/restore`, method: 'POST', data: { version } });
  enquiries = (params: Record<string, string | number>) => this.data<EnquiryDeskListRecord>({ url: 'admin/enquiries', params });
  enquiry = (id: string) => this.data<EnquiryDeskRecord>({ url: `admin/enquiries/${segment(id, 'Enquiry')}` });
  enquiryAssignees = () => this.data<{ assignees: { _id: string; name: string }[] }>({ url: 'admin/enquiries/assignees' });
  updateEnquiry = (id: string, body: { version: number; status?: string; assigneeId?: string | null }) =>
    this.data<EnquiryDeskRecord>({ url: `admin/enquiries/${segment(id, 'Enquiry')}`, method: 'PUT', data: body });
  resendEnquiryReply = (id: string, eventId: string) =>
    this.data<EnquiryDeskRecord>({
      url: `admin/enquiries/${segment(id, 'Enquiry')}/replies/${segment(eventId, 'Reply')}/resend`,
      method: 'POST',
      data: {},
    });
  addEnquiryNote = (id: string, note: string) =>
    this.data<EnquiryDeskRecord>({ url: `admin/enquiries/${segment(id, 'Enquiry')}/notes`, method: 'POST', data: { note } });
  replyToEnquiry = (id: string, message: string) =>
    this.data<EnquiryDeskRecord>({ url: `admin/enquiries/${segment(id, 'Enquiry')}/replies`, method: 'POST', data: { message } });

  coupons = (params: Record<string, string | number>) => this.data<CouponListRecord>({ url: 'admin/coupons', params });
  coupon = (id: string) => this.data<CouponRecord>({ url: `admin/coupons/${segment(id, 'Coupon')}` });
  createCoupon = (body: CouponBody) => this.data<CouponRecord>({ url: 'admin/coupons', method: 'POST', data: body });
  updateCoupon = (id: string, version: number, body: CouponBody) =>
    this.data<CouponRecord>({ url: `admin/coupons/${segment(id, 'Coupon')}`, method: 'PUT', data: { ...body, version } });
  addTerm = (kind: string, value: string) =>
    this.data<CatalogueTermsRecord>({ url: 'admin/catalogue/terms', method: 'POST', data: { kind, value } });
  renameTerm = (kind: string, value: string, to: string) =>
    this.data<CatalogueTermsRecord>({ url: 'admin/catalogue/terms/rename', method: 'POST', data: { kind, value, to } });
  deleteTerm = (kind: string, value: string) =>
    this.data<CatalogueTermsRecord>({ url: 'admin/catalogue/terms/delete', method: 'POST', data: { kind, value } });
  addColour = (swatch: string, name: string | null | undefined) =>
    this.data<CatalogueTermsRecord>({ url: 'admin/catalogue/colors', method: 'POST', data: { swatch, ...(name ? { name } : {}) } });
  updateColour = (id: string, swatch: string, name: string | null | undefined) =>
    this.data<CatalogueTermsRecord>({
      url: `admin/catalogue/colors/${segment(id, 'Colour')}`,
      method: 'PUT',
      data: { swatch, ...(name ? { name } : {}) },
    });
  deleteColour = (id: string) =>
    this.data<CatalogueTermsRecord>({ url: `admin/catalogue/colors/${segment(id, 'Colour')}`, method: 'DELETE' });

  customers = (q: string) => this.data<{ customers: CustomerSummaryRecord[] }>({ url: 'admin/customers', params: { q } });
  customer = (id: string) => this.data<CustomerRecord>({ url: `admin/customers/${segment(id, 'Customer')}` });

  auditCsv = (params: Record<string, string | number>) =>
    this.data<string>({ url: 'admin/audit', params, headers: { Accept: 'text/csv' }, responseType: 'text' });
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
  unlock = (id: string) => this.data<void>({ url: `admin/staff/${segment(id, 'Staff member')}/unlock`, method: 'POST', data: {} });
}
