// Only what to show or hide: the api decides every permission (a hidden button's call would be refused anyway).

export interface Signed {
  permissions: readonly string[];
}

export const may = (me: Signed | null | undefined, permission: string): boolean => Boolean(me?.permissions.includes(permission));
