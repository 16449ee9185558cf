import type { PageQuery } from '@digitic/rest-contract';
import { lower } from '../enums.js';

// What several desks' resolvers share.

export { orNull } from '../../datasources/upstream.js';

/** The page a desk's list asks for (the schema's defaults: page 1 of 25). */
export const pageOf = (page: number | null | undefined, pageSize: number | null | undefined): Required<PageQuery> => ({
  page: page ?? 1,
  pageSize: pageSize ?? 25,
});

/** The words searched for, as a desk's query names them; nothing when there are none. */
export const searchOf = (search: string | null | undefined): { q?: string } => (search ? { q: search } : {});

/** A desk's list by status (ALL when not given), words and page, as its query names them (coupons, reviews, posts). */
export const byStatus = <S extends string>(args: {
  search?: string | null;
  status?: S | 'ALL' | null;
  page?: number | null;
  pageSize?: number | null;
}) => ({ ...pageOf(args.page, args.pageSize), status: lower(args.status ?? 'ALL'), ...searchOf(args.search) });
