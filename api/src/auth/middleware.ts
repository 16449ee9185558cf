import type { NextFunction, Request, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { unauthorized } from '../domain/errors.js';
import { isUuid } from '../http/validate.js';
import { readToken } from './jwt.js';

export interface AuthedCustomer {
  id: string;
  email: string;
  firstname: string;
  role: string;
}

/** Lets a request through only with a valid bearer token of a customer who still exists. */
export function requireAuth(db: Kysely<Database>, secret: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Not authorized: no bearer token');
    const claims = readToken(match[1], secret);
    if (!claims || !isUuid(claims.sub)) throw unauthorized('Not authorized: the token is invalid or expired');
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'email', 'firstname', 'role', 'sessions_since'])
      .where('id', '=', claims.sub)
      .executeTakeFirst();
    // A password reset, an e-mail change or its undo voids every token issued before it.
    if (!customer || claims.pwd !== customer.sessions_since.getTime()) {
      throw unauthorized('Not authorized: the token is no longer valid, sign in again');
    }
    res.locals.customer = { id: customer.id, email: customer.email, firstname: customer.firstname, role: customer.role };
    next();
  };
}

export function currentCustomer(res: Response): AuthedCustomer {
  const customer = res.locals.customer as AuthedCustomer | undefined;
  if (!customer) throw unauthorized();
  return customer;
}
