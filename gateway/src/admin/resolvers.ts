import {
  isOrderStatus,
  isReturnStatus,
  isStaffRole,
  RETURN_TRANSITIONS,
  ORDER_TRANSITIONS,
  ROLE_DESCRIPTIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type StaffRole as ShopStaffRole,
} from '@digitic/shop-rules';
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { BlogPostInput, CouponInput, ProductInput, Resolvers, StaffRole } from './__generated__/resolvers-types.js';
import type { BlogPostBody, CouponBody, ProductBody } from './records.js';
import type { EnquiryStatusName } from '@digitic/rest-contract';
import {
  ORDER_STATUS,
  orderStatus,
  refundState,
  RETURN_STATUS,
  returnStatus,
  SHOP_ORDER_STATUS,
  SHOP_RETURN_STATUS,
} from '../lifecycle-words.js';

// The staff roles and the shop's words for them, both ways (the lifecycles' are in lifecycle-words.ts, shared with the storefront's schema).
const ROLE: Record<ShopStaffRole, StaffRole> = {
  owner: 'OWNER',
  manager: 'MANAGER',
  fulfilment: 'FULFILMENT',
  support: 'SUPPORT',
  catalogue: 'CATALOGUE',
};
const SHOP_ROLE = Object.fromEntries(Object.entries(ROLE).map(([k, v]) => [v, k])) as Record<StaffRole, ShopStaffRole>;

function role(r: string): StaffRole {
  if (!isStaffRole(r)) throw new Error(`a staff member has a role the schema does not know: ${r}`);
  return ROLE[r];
}

const notSignedIn = () =>
  new GraphQLError('Sign in to the back office', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });

function nullWhenNotFound(err: unknown): null {
  if ((err as GraphQLError).extensions?.code === 'NOT_FOUND') return null;
  throw err;
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Anything JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
});

/** The desk api's body for a product: stock by colour, as the import takes it. */
function productBody(input: ProductInput): ProductBody {
  const { stock, slug, ...fields } = input;
  return {
    ...fields,
    ...(slug ? { slug } : {}),
    ...(stock && stock.length > 0 ? { stock: Object.fromEntries(stock.map((s) => [s.color, s.units])) } : {}),
  };
}

/** The inbox's statuses in the schema's words, and back. */
const SHOP_ENQUIRY_STATUS = {
  SUBMITTED: 'Submitted',
  CONTACTED: 'Contacted',
  IN_PROGRESS: 'In Progress',
  RESOLVED: 'Resolved',
} as const satisfies Record<string, EnquiryStatusName>;
const ENQUIRY_STATUS_ENUM = Object.fromEntries(Object.entries(SHOP_ENQUIRY_STATUS).map(([k, v]) => [v, k])) as Record<
  EnquiryStatusName,
  keyof typeof SHOP_ENQUIRY_STATUS
>;

function postBody(input: BlogPostInput): BlogPostBody {
  return {
    title: input.title,
    ...(input.slug ? { slug: input.slug } : {}),
    description: input.description,
    category: input.category,
    ...(input.author ? { author: input.author } : {}),
    images: input.images ?? [],
  };
}

function couponBody(input: CouponInput): CouponBody {
  return {
    code: input.code,
    description: input.description ?? '',
    kind: input.kind === 'PERCENT' ? 'percent' : 'fixed',
    value: input.value,
    startsAt: input.startsAt ?? null,
    expiresAt: input.expiresAt ?? null,
    minOrder: input.minOrder ?? 0,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    active: input.active ?? true,
  };
}

/** One to three lines each: the api decides every rule and permission; these only carry the answer. */
export const adminResolvers: Resolvers = {
  JSON: JSONScalar,
  Query: {
    me: async (_root, _args, { api }) => (api.signedIn ? api.me().catch(() => null) : null),
    invitation: (_root, { token }, { api }) => api.invitation(token),
    roles: () => STAFF_ROLES.map((r) => ({ role: r, description: ROLE_DESCRIPTIONS[r], permissions: ROLE_PERMISSIONS[r] })),
    orders: (_root, { filter, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = { page: page ?? 1, pageSize: pageSize ?? 25 };
      if (filter?.status) params.status = SHOP_ORDER_STATUS[filter.status];
      if (filter?.payment) params.payment = filter.payment.toLowerCase();
      if (filter?.search) params.q = filter.search;
      if (filter?.from) params.from = filter.from;
      if (filter?.to) params.to = filter.to;
      return api.orders(params);
    },
    order: async (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.order(id).catch(nullWhenNotFound);
    },
    auditLog: async (_root, { filter, before, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = { pageSize: pageSize ?? 50 };
      for (const [k, v] of Object.entries(filter ?? {})) if (typeof v === 'string' && v) params[k] = v;
      if (before) params.before = before;
      return (await api.audit(params)).rows.map((r) => ({ ...r, subjectKind: r.subject?.kind ?? null, subjectId: r.subject?.id ?? null }));
    },
    staff: async (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return (await api.staff()).staff;
    },
    myPasskeys: async (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return (await api.passkeys()).passkeys;
    },
    auditCsv: (_root, { filter }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(filter ?? {})) if (typeof v === 'string' && v) params[k] = v;
      return api.auditCsv(params);
    },
    dashboard: (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.dashboard();
    },
    returns: (_root, { status: s, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.returns({ page: page ?? 1, pageSize: pageSize ?? 25, ...(s ? { status: SHOP_RETURN_STATUS[s] } : {}) });
    },
    return: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.return(id).catch(nullWhenNotFound);
    },
    customers: async (_root, { search }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return (await api.customers(search)).customers;
    },
    customer: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.customer(id).catch(nullWhenNotFound);
    },
    catalogueProducts: async (_root, { filter, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = { page: page ?? 1, pageSize: pageSize ?? 25 };
      if (filter?.search) params.q = filter.search;
      if (filter?.status) params.status = filter.status.toLowerCase();
      if (filter?.category) params.category = filter.category;
      if (filter?.brand) params.brand = filter.brand;
      const list = await api.catalogueProducts(params);
      return list;
    },
    catalogueProduct: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.catalogueProduct(id).catch(nullWhenNotFound);
    },
    lowStock: (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.lowStock();
    },
    catalogueTerms: (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.terms();
    },
    coupons: (_root, { search, status, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = {
        page: page ?? 1,
        pageSize: pageSize ?? 25,
        status: (status ?? 'ALL').toLowerCase(),
      };
      if (search) params.q = search;
      return api.coupons(params);
    },
    coupon: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.coupon(id).catch(nullWhenNotFound);
    },
    reviews: (_root, { search, status, stars, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = {
        page: page ?? 1,
        pageSize: pageSize ?? 25,
        status: (status ?? 'ALL').toLowerCase(),
      };
      if (search) params.q = search;
      if (stars != null) params.stars = stars;
      return api.reviews(params);
    },
    enquiries: (_root, { search, status, assignee, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = { page: page ?? 1, pageSize: pageSize ?? 25 };
      const s = status ?? 'OPEN';
      params.status = s === 'OPEN' ? 'open' : s === 'ALL' ? 'all' : SHOP_ENQUIRY_STATUS[s];
      if (assignee) params.assignee = assignee === 'ME' ? 'me' : 'none';
      if (search) params.q = search;
      return api.enquiries(params);
    },
    enquiry: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.enquiry(id).catch(nullWhenNotFound);
    },
    blogPosts: (_root, { search, status, page, pageSize }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const params: Record<string, string | number> = {
        page: page ?? 1,
        pageSize: pageSize ?? 25,
        status: (status ?? 'ALL').toLowerCase(),
      };
      if (search) params.q = search;
      return api.blogPosts(params);
    },
    blogPost: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.blogPost(id).catch(nullWhenNotFound);
    },
    enquiryAssignees: async (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return (await api.enquiryAssignees()).assignees.map((a) => ({ id: a._id, name: a.name }));
    },
  },
  CouponList: {
    items: (list) => list.coupons,
  },
  ReviewList: {
    items: (list) => list.reviews,
  },
  BlogPostList: {
    items: (list) => list.posts,
  },
  Review: {
    id: (r) => r._id,
    stars: (r) => r.star,
    productId: (r) => r.product._id,
    productTitle: (r) => r.product.title,
    authorName: (r) => r.customer.name,
    authorEmail: (r) => r.customer.email,
  },
  EnquiryList: {
    items: (list) => list.enquiries,
  },
  EnquirySummary: {
    id: (e) => e._id,
    status: (e) => ENQUIRY_STATUS_ENUM[e.status],
    assignee: (e) => (e.assignee ? { id: e.assignee._id, name: e.assignee.name } : null),
  },
  Enquiry: {
    id: (e) => e._id,
    status: (e) => ENQUIRY_STATUS_ENUM[e.status],
    assignee: (e) => (e.assignee ? { id: e.assignee._id, name: e.assignee.name } : null),
  },
  EnquiryEvent: {
    id: (e) => e._id,
    kind: (e) => (e.kind === 'note' ? 'NOTE' : 'REPLY'),
  },
  Coupon: {
    id: (c) => c._id,
    kind: (c) => (c.kind === 'percent' ? 'PERCENT' : 'FIXED'),
  },
  CatalogueProductList: {
    items: (list) => list.products,
  },
  CatalogueVariant: {
    stock: (v) => v.quantity,
  },
  LowStockItem: {
    stock: (i) => i.quantity,
  },
  Mutation: {
    createBlogPost: (_root, { input, publish }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.createBlogPost({ ...postBody(input), publish: publish ?? false });
    },
    updateBlogPost: (_root, { id, version, input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.updateBlogPost(id, version, postBody(input));
    },
    publishBlogPost: (_root, { id, version }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.publishBlogPost(id, version, true);
    },
    unpublishBlogPost: (_root, { id, version }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.publishBlogPost(id, version, false);
    },
    hideReview: (_root, { id, version, reason }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.hideReview(id, version, reason);
    },
    restoreReview: (_root, { id, version }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.restoreReview(id, version);
    },
    updateEnquiry: (_root, { id, version, status, assigneeId }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.updateEnquiry(id, {
        version,
        ...(status ? { status: SHOP_ENQUIRY_STATUS[status] } : {}),
        ...(assigneeId !== undefined ? { assigneeId } : {}),
      });
    },
    resendEnquiryReply: (_root, { id, eventId }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.resendEnquiryReply(id, eventId);
    },
    addEnquiryNote: (_root, { id, note }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.addEnquiryNote(id, note);
    },
    replyToEnquiry: (_root, { id, message }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.replyToEnquiry(id, message);
    },
    createCoupon: (_root, { input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.createCoupon(couponBody(input));
    },
    updateCoupon: (_root, { id, version, input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.updateCoupon(id, version, couponBody(input));
    },
    createProduct: (_root, { input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.createProduct(productBody(input));
    },
    updateProduct: (_root, { id, version, input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.updateProduct(id, version, productBody(input));
    },
    archiveProduct: (_root, { id, version }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.archiveProduct(id, version);
    },
    restoreProduct: (_root, { id, version }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.restoreProduct(id, version);
    },
    bulkEditProducts: (_root, { input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      const f = input.filter;
      return api.bulkEdit({
        filter: {
          ...(f?.search ? { q: f.search } : {}),
          ...(f?.status ? { status: f.status.toLowerCase() } : {}),
          ...(f?.category ? { category: f.category } : {}),
          ...(f?.brand ? { brand: f.brand } : {}),
        },
        // Both of a pair given go to the api, which says it takes one of them.
        ...(input.setPrice != null || input.pricePercent != null
          ? {
              price: {
                ...(input.setPrice != null ? { set: input.setPrice } : {}),
                ...(input.pricePercent != null ? { percent: input.pricePercent } : {}),
              },
            }
          : {}),
        ...(input.setStock != null || input.addStock != null
          ? {
              stock: {
                ...(input.setStock != null ? { set: input.setStock } : {}),
                ...(input.addStock != null ? { add: input.addStock } : {}),
              },
            }
          : {}),
        dryRun: input.dryRun ?? false,
      });
    },
    addTerm: (_root, { kind, value }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.addTerm(kind.toLowerCase(), value);
    },
    renameTerm: (_root, { kind, value, to }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.renameTerm(kind.toLowerCase(), value, to);
    },
    deleteTerm: (_root, { kind, value }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.deleteTerm(kind.toLowerCase(), value);
    },
    addColour: (_root, { swatch, name }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.addColour(swatch, name);
    },
    updateColour: (_root, { id, swatch, name }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.updateColour(id, swatch, name);
    },
    deleteColour: (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.deleteColour(id);
    },
    setStock: (_root, { id, changes }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.setStock(
        id,
        changes.map((c) => ({ colorId: c.colorId, quantity: c.stock, expected: c.expected })),
      );
    },
    async signIn(_root, { input }, { api, session }) {
      const signedIn = await api.signIn(input);
      session.set(signedIn.token, signedIn.csrf);
      return signedIn.staff;
    },
    passkeySignInOptions: (_root, _args, { api }) => api.passkeySignInOptions(),
    passkeyRegistrationOptions: (_root, _args, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return api.passkeyRegistrationOptions();
    },
    addPasskey: async (_root, { input }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return (await api.addPasskey(input)).passkeys;
    },
    removePasskey: async (_root, { id }, { api }) => {
      if (!api.signedIn) throw notSignedIn();
      return (await api.removePasskey(id)).passkeys;
    },
    async signOut(_root, _args, { api, session }) {
      // Ended at the api, or the error: a session the api did not end must not look ended (its cookies stay, to try
      // again). The api's "not signed in" is an ended session.
      if (api.signedIn) {
        await api.signOut().catch((err: unknown) => {
          if ((err as GraphQLError).extensions?.code !== 'UNAUTHENTICATED') throw err;
        });
      }
      session.clear();
      return true;
    },
    enrol: (_root, { token, input }, { api }) => api.enrol(token, input),
    startAuthenticatorChange: (_root, { currentPassword }, { api }) => api.startAuthenticatorChange(currentPassword),
    async finishAuthenticatorChange(_root, { code }, { api }) {
      await api.finishAuthenticatorChange(code);
      return true;
    },
    async changePassword(_root, { currentPassword, password }, { api, session }) {
      await api.changePassword(currentPassword, password);
      session.clear();
      return true;
    },
    moveOrder: (_root, { input }, { api }) =>
      api.moveOrder(input.orderId, { to: SHOP_ORDER_STATUS[input.to], version: input.version, shipment: input.shipment }),
    addOrderNote: (_root, { orderId, note }, { api }) => api.addNote(orderId, note),
    cancelOrder: (_root, { orderId, version, reason }, { api }) => api.cancelOrder(orderId, { version, reason }),
    refundOrder: (_root, { input }, { api }) =>
      api.refundOrder(input.orderId, {
        reason: input.reason,
        version: input.version,
        ...(input.lines && input.lines.length > 0 ? { lines: input.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })) } : {}),
        ...(input.restock != null ? { restock: input.restock } : {}),
      }),
    moveReturn: (_root, { input }, { api }) =>
      api.moveReturn(input.returnId, { to: SHOP_RETURN_STATUS[input.to], version: input.version, note: input.note ?? null }),
    refundReturn: (_root, { returnId, version, restock }, { api }) => api.refundReturn(returnId, { version, restock }),
    inviteStaff: (_root, { email, role: r, name }, { api }) => api.invite({ email, role: SHOP_ROLE[r], name }),
    async changeStaffRole(_root, { staffId, role: r }, { api }) {
      await api.changeRole(staffId, SHOP_ROLE[r]);
      return true;
    },
    async unlockStaff(_root, { staffId }, { api }) {
      await api.unlock(staffId);
      return true;
    },
    async removeStaff(_root, { staffId }, { api }) {
      await api.remove(staffId);
      return true;
    },
  },
  StaffMember: { role: (s) => role(s.role), permissions: (s) => [...s.permissions] },
  StaffListing: {
    role: (s) => role(s.role),
    lockedUntil: (s) => (s.factor_blocked_at ? null : s.locked_until),
    locked: (s) => Boolean(s.factor_blocked_at) || (s.locked_until !== null && new Date(s.locked_until).getTime() > Date.now()),
    createdAt: (s) => s.created_at,
  },
  AuthenticatorSetup: { totpUri: (a) => a.uri, totpSecret: (a) => a.secret, totpQrSvg: (a) => a.qrSvg },
  RoleInfo: { role: (r) => ROLE[r.role], permissions: (r) => [...r.permissions] },
  Invitation: { role: (i) => role(i.role), totpUri: (i) => i.totp.uri, totpSecret: (i) => i.totp.secret, totpQrSvg: (i) => i.totp.qrSvg },
  OrderSummary: { status: (o) => orderStatus(o.status) },
  Order: {
    status: (o) => orderStatus(o.status),
    total: (o) => o.totals.total,
    totalAfterDiscount: (o) => o.totals.totalAfterDiscount,
    couponCode: (o) => o.totals.couponCode,
    discount: (o) => o.totals.discount,
    nextStatuses: (o) => (isOrderStatus(o.status) ? ORDER_TRANSITIONS[o.status].map((s) => ORDER_STATUS[s]) : []),
  },
  Refund: { state: (r) => refundState(r.state) },
  ReturnSummary: {
    status: (r) => returnStatus(r.status),
    units: (r) => r.units ?? (r.lines ?? []).reduce((n, l) => n + l.quantity, 0),
    orderId: (r) => r.orderId ?? '',
  },
  Return: {
    status: (r) => returnStatus(r.status),
    nextStatuses: (r) => (isReturnStatus(r.status) ? RETURN_TRANSITIONS[r.status].map((s) => RETURN_STATUS[s]) : []),
  },
  ReturnRefund: { state: (r) => refundState(r.state) },
  CustomerOrder: { status: (o) => orderStatus(o.status) },
};
