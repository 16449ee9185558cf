import type { Permission } from '@digitic/shop-rules';
import type { Request, Response } from 'express';
import type { StaffPrincipal } from './service.js';

/** Who may call a staff route: one permission of the declaration (shop-rules), or any signed-in staff member. */
export type Access = Permission | 'any staff';

export interface StaffRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access | 'public';
}

export type Handler = (req: Request, res: Response, staff: StaffPrincipal) => Promise<void> | void;

/** Mounts a staff route behind the guard of its permission, and lists it (routes.ts). */
export type Declare = (
  method: StaffRoute['method'],
  path: string,
  access: Access,
  handler: Handler,
  /** `csrf: 'not needed'` only where a forged request can do no harm (signing oneself out). */
  options?: { csrf?: 'checked' | 'not needed' },
) => void;
