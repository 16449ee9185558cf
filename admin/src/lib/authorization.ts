// Only what to show or hide: the api decides every permission (a hidden button's call would be refused anyway).
import type { Permission } from '@digitic/shop-rules/staff-permissions';

export interface Signed {
  permissions: readonly string[];
}

/** Whether the signed-in person holds a permission; one shop-rules does not declare fails the compile. */
export const may = (me: Signed | null | undefined, permission: Permission): boolean => Boolean(me?.permissions.includes(permission));
