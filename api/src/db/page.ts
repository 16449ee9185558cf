import { type SelectQueryBuilder, sql } from 'kysely';

/** Which page of a list, from 1, and how many rows a page holds. */
export interface PageAsked {
  page: number;
  pageSize: number;
}

/**
 * One page of a desk's list and how many rows match in all: `matching` is the list's filter, `rows` selects and
 * orders what a page shows (ending in a unique column, so that pages never share or skip a row).
 */
export async function pageOf<DB, TB extends keyof DB, Row, JoinedDB = DB, JoinedTB extends keyof JoinedDB = TB & keyof JoinedDB>(
  matching: SelectQueryBuilder<DB, TB, object>,
  asked: PageAsked,
  rows: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<JoinedDB, JoinedTB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const [page, count] = await Promise.all([
    rows(matching)
      .limit(asked.pageSize)
      .offset((asked.page - 1) * asked.pageSize)
      .execute(),
    matching
      .select(sql<string>`count(*)`.as('n'))
      .$castTo<{ n: string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.n) };
}
