/**
 * Who on the staff may do what, declared once. The api enforces it on every staff route (each route
 * names the permission it needs; a route without one fails a test); the gateway and the back office read
 * it only to show or hide what the signed-in person may not do.
 */

export const PERMISSIONS = {
  'orders:read': 'See orders, their lines, payments and timeline',
  'orders:fulfil': 'Move orders along: processed, shipped with tracking, out for delivery, delivered',
  'orders:annotate': "Add internal notes to an order's timeline",
  'orders:refund': 'Cancel orders and refund payments, in full or by lines',
  'returns:manage': 'Approve, reject and receive returns',
  'customers:read': 'Look up customers and see their orders',
  'staff:manage': 'Invite staff, change their roles, remove them',
  'audit:read': 'Read and export the audit trail',
  'catalogue:read': 'See products as the desk does: archived ones, and stock per colour',
  'catalogue:write': 'Create, edit and archive products, stock, brands, categories, colours and tags',
  'coupons:manage': 'Create and change coupons',
  'content:write': 'Write and publish blog posts',
  'enquiries:manage': 'Read and answer contact-form enquiries',
  'reviews:moderate': 'Hide and restore reviews',
  'reports:read': "See the shop's sales figures: net revenue, orders, average order value and refunds by day",
  'search:manage': 'See what shoppers search for and could not find, and keep the search’s synonyms',
  'settings:manage': "Change the shop's own details: its name, legal name, address, support phone and e-mail, hours and notices",
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'support', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: ALL_PERMISSIONS,
  manager: ALL_PERMISSIONS.filter((p) => p !== 'staff:manage' && p !== 'settings:manage'),
  fulfilment: ['orders:read', 'orders:fulfil', 'orders:annotate', 'returns:manage', 'catalogue:read'],
  support: ['orders:read', 'orders:annotate', 'customers:read', 'returns:manage', 'enquiries:manage', 'reviews:moderate', 'catalogue:read'],
  catalogue: ['catalogue:read', 'catalogue:write', 'coupons:manage', 'content:write', 'reviews:moderate', 'search:manage'],
};

export const ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  owner: "Everything, including the staff, their roles and the shop's settings",
  manager: "Everything but the staff and the shop's settings",
  fulfilment: 'Packs, ships and delivers orders; handles returns',
  support: 'Answers customers: orders, returns, enquiries, reviews',
  catalogue: 'Products, stock, coupons, blog posts, reviews and search',
};

export const isStaffRole = (v: unknown): v is StaffRole => typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

export const can = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
