import { ROLE_DESCRIPTIONS, ROLE_PERMISSIONS, STAFF_ROLES } from '@digitic/shop-rules';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { ROLE, role, SHOP_ROLE } from '../enums.js';

/** The staff list, the roles, and what an owner does to the staff. */
export const staff: Resolvers = {
  Query: {
    roles: () => STAFF_ROLES.map((r) => ({ role: ROLE[r], description: ROLE_DESCRIPTIONS[r], permissions: [...ROLE_PERMISSIONS[r]] })),
    staff: async (_root, _args, { api }) => (await api.staff.list()).staff,
  },
  Mutation: {
    inviteStaff: (_root, { email, role: r, name }, { api }) => api.staff.invite({ email, role: SHOP_ROLE[r], name: name ?? undefined }),
    async changeStaffRole(_root, { staffId, role: r }, { api }) {
      await api.staff.changeRole(staffId, SHOP_ROLE[r]);
      return true;
    },
    async unlockStaff(_root, { staffId }, { api }) {
      await api.staff.unlock(staffId);
      return true;
    },
    async removeStaff(_root, { staffId }, { api }) {
      await api.staff.remove(staffId);
      return true;
    },
  },
  StaffListing: {
    role: (s) => role(s.role),
    lockedUntil: (s) => (s.factor_blocked_at ? null : s.locked_until),
    locked: (s) => Boolean(s.factor_blocked_at) || (s.locked_until !== null && new Date(s.locked_until).getTime() > Date.now()),
    createdAt: (s) => s.created_at,
  },
};
